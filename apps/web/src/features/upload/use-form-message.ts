import { useTranslation } from 'react-i18next';
import type { FormMessage } from './upload-fields';

type LooseTranslate = (key: string, options: Record<string, unknown>) => string;

/**
 * Renders a FormMessage in the current language. The keys come from schemas and server answers at run
 * time (validation.*, errors.<CODE>), so they cannot be checked at compile time like literal keys.
 */
export function useFormMessage() {
  const { i18n } = useTranslation();
  const translate = i18n.t.bind(i18n) as unknown as LooseTranslate;
  return (message: FormMessage): string =>
    'text' in message ? message.text : translate(message.key, { ns: message.ns, ...message.values });
}

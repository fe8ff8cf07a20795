import { DEFAULT_LANGUAGE } from '@ovation/shared/languages';
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useVotingRuleText } from '../../domain/voting/voting-rule';
import { formatQuantity } from '../../lib/format-number';
import { PRIVACY_CONTACT_EMAIL, type Quantity, type TextRef } from './legal-content';

/** A BCP 47 tag Intl accepts for the current i18n language; English when i18next reports none. */
export function toIntlLocale(language: string | undefined): string {
  try {
    return Intl.getCanonicalLocales(language || DEFAULT_LANGUAGE)[0] ?? DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** A figure of the legal pages with its unit, in the reader's language. */
export function formatLegalQuantity(quantity: Quantity, locale: string): string {
  return formatQuantity(quantity.amount, quantity.unit, locale);
}

/**
 * The legal catalog's keys are built at run time from section ids, so the namespace is typed loosely and
 * `t` may claim to return a nested catalog; `text` always hands back the string (or the key, if missing).
 */
export function useLegalText() {
  const { t, i18n } = useTranslation('legal');
  const locale = toIntlLocale(i18n.resolvedLanguage ?? i18n.language);
  const text = (key: string, values?: Record<string, string>): string => {
    const value: unknown = t(key, values);
    return typeof value === 'string' ? value : key;
  };
  return { t, text, locale };
}

function MailLink({ children }: { children?: ReactNode }) {
  return (
    <a
      href={`mailto:${PRIVACY_CONTACT_EMAIL}`}
      dir="ltr"
      className="font-medium text-gold-300 underline decoration-gold-300/40 underline-offset-4 hover:text-gold-200 hover:decoration-gold-200"
    >
      {children}
    </a>
  );
}

const RICH_TEXT_COMPONENTS = {
  mail: <MailLink />,
  strong: <strong className="font-semibold text-ink-50" />,
  /** The name of a button or screen of the app, as the reader sees it there. */
  em: <em className="font-medium text-ink-100 not-italic" />,
};

/** One catalog string of the 'legal' namespace, with its figures, the contact address and inline markup. */
export function LegalText({ fullKey, text }: { fullKey: string; text: TextRef }) {
  const { t, locale } = useLegalText();
  // The voting rule the terms state follows the settings in force, as every other rule text does.
  const values: Record<string, string> = { email: PRIVACY_CONTACT_EMAIL, rule: useVotingRuleText() };
  if (text.period) values.period = formatLegalQuantity(text.period, locale);
  if (text.size) values.size = formatLegalQuantity(text.size, locale);
  return <Trans t={t} i18nKey={fullKey} values={values} components={RICH_TEXT_COMPONENTS} />;
}

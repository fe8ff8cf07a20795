import { useTranslation } from 'react-i18next';
import type { ClusterKind } from './api';
import { useFormats } from './use-formats';

/** An ISO 8601 interval ('2025-05-01T10:00:00.000Z/2025-05-01T10:09:30.000Z'): a registration burst's label. */
const INTERVAL = /^(\d{4}-\d\d-\d\dT[^/]+)\/(\d{4}-\d\d-\d\dT[^/]+)$/;

export interface WordedLabel {
  text: string;
  /** A prefix, a signature or an e-mail pattern: shown left to right in a fixed-width font. */
  code: boolean;
}

/**
 * A cluster's label in words: the signals give it as data (a prefix, a device signature, an e-mail
 * pattern, or for a registration burst the span the accounts were created in, as an ISO interval). A
 * review keeps the label without its kind, so an interval is recognised by its shape.
 */
export function useClusterLabel() {
  const { t } = useTranslation('admin-integrity');
  const formats = useFormats();
  return (label: string, kind?: ClusterKind): WordedLabel => {
    const interval = INTERVAL.exec(label);
    if (interval && (kind === undefined || kind === 'registration-burst')) {
      return {
        text: t('clusters.createdBetween', {
          range: formats.range(interval[1] as string, interval[2] as string),
        }),
        code: false,
      };
    }
    return { text: label, code: true };
  };
}

import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isolate } from '../../../lib/bidi';
import type { AuditWords } from './audit-words';

/**
 * The audit texts' words in the reader's language, from the admin-audit catalog (the audit screen and
 * the dashboard's Recent Activity both name fields and values with them). `timeZone`: where dates are
 * read (the platform's on the audit screen).
 */
export function useAuditWords(timeZone?: string): AuditWords {
  const { t, i18n } = useTranslation('admin-audit');
  const language = i18n.language;
  return useMemo(() => {
    const object = (key: 'fields' | 'values') => {
      const found = t(key, { returnObjects: true }) as unknown;
      return typeof found === 'object' && found !== null ? (found as Record<string, string>) : {};
    };
    const number = new Intl.NumberFormat(language);
    return {
      language,
      timeZone,
      fields: object('fields'),
      values: object('values'),
      on: t('change.on'),
      off: t('change.off'),
      empty: t('change.emptyValue'),
      none: '—',
      fromTo: (before, after) => t('change.fromTo', { before: isolate(before), after: isolate(after) }),
      more: (count) => t('change.more', { count, number: number.format(count) }),
    };
  }, [t, language, timeZone]);
}

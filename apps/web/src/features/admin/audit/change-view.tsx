import type { AuditEntry } from '@ovation/shared/schemas/admin-dashboard';
import { useTranslation } from 'react-i18next';
import { fieldLabel, formatAuditValue } from '../lib/audit-words';
import { changedFields } from '../lib/change-diff';
import { useAuditWords } from '../lib/use-audit-words';

/**
 * An entry's change, compact: how many fields changed and which, by their names in the reader's language; opened, each field's before and after
 * (a created record has only after, a deleted one only before; switches as On/Off, dates, numbers and coded
 * values in the reader's language), then anything else recorded (a reason, an export's row count and checksum).
 */
export function ChangeView({ entry, timeZone }: { entry: AuditEntry; timeZone?: string }) {
  const { t, i18n } = useTranslation('admin-audit');
  const words = useAuditWords(timeZone);
  const format = (value: unknown, field: string) => formatAuditValue(value, field, words);
  const changes = changedFields(entry.before, entry.after);
  const details = Object.entries(entry.details);
  if (changes.length === 0 && details.length === 0) {
    return <span className="text-ink-400">{t('change.none')}</span>;
  }
  const count = changes.length;
  const names = changes
    .map((change) => change.field)
    .filter(Boolean)
    .map((field) => fieldLabel(field, words));
  return (
    <details className="group min-w-56 max-w-md">
      <summary className="cursor-pointer list-none rounded-lg py-1 marker:hidden hover:text-gold-200 [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-1.5 font-semibold text-gold-200">
          <span
            aria-hidden="true"
            className="inline-block transition-transform group-open:rotate-90 rtl:-scale-x-100"
          >
            ›
          </span>
          {count > 0
            ? t('change.show', { count, number: new Intl.NumberFormat(i18n.language).format(count) })
            : t('change.details')}
        </span>
        {names.length > 0 && (
          <span className="block truncate text-xs text-ink-400">
            <bdi>{names.join(', ')}</bdi>
          </span>
        )}
      </summary>
      {count > 0 && (
        <table className="mt-2 w-full text-xs">
          <thead className="text-ink-400">
            <tr>
              <th scope="col" className="py-1 pe-2 text-start font-semibold">
                {t('change.field')}
              </th>
              <th scope="col" className="py-1 pe-2 text-start font-semibold">
                {t('change.before')}
              </th>
              <th scope="col" className="py-1 text-start font-semibold">
                {t('change.after')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-white/[0.06] align-top">
            {changes.map((change) => (
              <tr key={change.field}>
                <th scope="row" className="py-1.5 pe-2 text-start font-normal break-words text-ink-200">
                  <bdi>{fieldLabel(change.field, words)}</bdi>
                </th>
                <td className="py-1.5 pe-2 break-all text-coral-200">
                  <del className="no-underline">
                    <bdi>{format(change.before, change.field)}</bdi>
                  </del>
                </td>
                <td className="py-1.5 break-all text-jade-300">
                  <ins className="no-underline">
                    <bdi>{format(change.after, change.field)}</bdi>
                  </ins>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {details.length > 0 && (
        <>
          <p className="mt-2 text-xs font-semibold text-ink-400">{t('change.details')}</p>
          <dl className="mt-1 grid gap-1 text-xs">
            {details.map(([key, value]) => (
              <div key={key} className="flex gap-2">
                <dt className="shrink-0 text-ink-300">
                  <bdi>{fieldLabel(key, words)}</bdi>
                </dt>
                <dd className="min-w-0 break-all text-ink-100">
                  <bdi>{format(value, key)}</bdi>
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </details>
  );
}

import type { BulkUploadFailure, BulkUploadResult } from '@ovation/shared/schemas/bulk-upload';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { StatTiles } from '../../../components/data/stat-tiles';
import { AlertIcon, CheckIcon, MusicIcon } from '../../../components/ui/icons';
import { isFieldMessageKey } from '../../../lib/validate';

/** The summary's one-line message: 'N songs uploaded successfully', with the failures when there are some. */
export function useSummaryMessage() {
  const { t } = useTranslation('admin-bulk-upload');
  return (summary: BulkUploadResult) => {
    const uploaded = summary.successful.length;
    const failed = summary.failed.length;
    if (summary.dryRun) {
      return t('preview.message', {
        songs: t('preview.songs', { count: uploaded }),
        rows: t('preview.rows', { count: failed }),
      });
    }
    if (uploaded === 0) return t('summary.noneUploaded', { count: failed });
    if (failed === 0) return t('summary.uploaded', { count: uploaded });
    return t('summary.withFailures', {
      uploaded: t('summary.uploaded', { count: uploaded }),
      failed: t('summary.rowsFailed', { count: failed }),
    });
  };
}

/** Why a row failed, in the admin's language: the shared key when the catalog has it, else the server's English. */
function useFailureText() {
  const { t } = useTranslation();
  return (failure: BulkUploadFailure) =>
    isFieldMessageKey(failure.key) ? String(t(failure.key as never)) : failure.error;
}

/**
 * The bulk upload result (the admin spec): total, successful and failed, then every row that was
 * not uploaded with its row number, title and reason, in a list that scrolls inside the modal. A preview
 * (`dryRun`) reads the same, in the conditional: what the upload would create and refuse.
 */
export function BulkUploadSummary({ summary }: { summary: BulkUploadResult }) {
  const { t, i18n } = useTranslation('admin-bulk-upload');
  const message = useSummaryMessage();
  const failureText = useFailureText();
  const headingId = useId();
  const listHeadingId = useId();
  const exact = new Intl.NumberFormat(i18n.language);
  const tile = (key: string, label: string, value: number, icon: React.ReactNode) => ({
    key,
    label,
    value,
    icon,
    display: exact.format(value),
  });
  const failed = summary.failed.length;
  // The preview's own words where they differ from the result's.
  const words = (key: 'heading' | 'successful' | 'failed' | 'failuresHeading') =>
    summary.dryRun ? t(`preview.${key}`) : t(`summary.${key}`);

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div>
        <h3 id={headingId} className="text-lg font-bold text-ink-50">
          {words('heading')}
        </h3>
        <p role="status" className={`mt-1 font-semibold ${failed ? 'text-gold-200' : 'text-jade-300'}`}>
          {message(summary)}
        </p>
      </div>
      <StatTiles
        columns={3}
        tiles={[
          tile('total', t('summary.total'), summary.total, <MusicIcon className="size-5" />),
          tile(
            'successful',
            words('successful'),
            summary.successful.length,
            <CheckIcon className="size-5" />,
          ),
          tile('failed', words('failed'), failed, <AlertIcon className="size-5" />),
        ]}
      />
      {failed > 0 ? (
        <div>
          <h4 id={listHeadingId} className="font-semibold text-ink-100">
            {words('failuresHeading')}
          </h4>
          <p className="mt-1 text-sm text-ink-400">{t('summary.rowNumbering')}</p>
          <ol
            aria-labelledby={listHeadingId}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls must be reachable by keyboard to scroll it.
            tabIndex={0}
            className="mt-3 max-h-64 divide-y divide-white/[0.06] overflow-y-auto rounded-2xl bg-ink-950/60 ring-1 ring-white/[0.06] focus-visible:outline-3 focus-visible:outline-gold-300"
          >
            {summary.failed.map((row) => (
              <li
                key={`${row.index}-${row.key}`}
                className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 px-4 py-3 text-sm"
              >
                <span className="row-span-2 self-start whitespace-nowrap rounded-full bg-coral-400/10 px-2.5 py-0.5 font-semibold text-coral-300 tabular-nums">
                  {t('summary.row', { index: exact.format(row.index) })}
                </span>
                <span className="line-clamp-2 font-semibold break-words text-ink-50 [overflow-wrap:anywhere]">
                  <bdi>{row.title || t('summary.untitled')}</bdi>
                </span>
                <span className="text-ink-300">{failureText(row)}</span>
              </li>
            ))}
          </ol>
        </div>
      ) : summary.dryRun ? null : (
        <p className="text-sm text-ink-300">{t('summary.closing')}</p>
      )}
    </section>
  );
}

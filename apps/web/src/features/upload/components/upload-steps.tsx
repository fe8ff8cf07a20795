import { useTranslation } from 'react-i18next';

interface UploadStepsProps {
  /** Required parts done (cover, title, category, link) while the form is being filled. */
  done: number;
  total: number;
  uploading: boolean;
  /** Share of the body sent, 0 to 1; null until the browser reports it. */
  progress: number | null;
}

/**
 * 'Step 1 of 1' with its bar: while filling in, the bar shows the required fields done; while uploading,
 * the bytes sent (full, then "preparing your cover" while the server re-encodes the image).
 */
export function UploadSteps({ done, total, uploading, progress }: UploadStepsProps) {
  const { t } = useTranslation('upload');
  const percent = uploading ? Math.round((progress ?? 1) * 100) : Math.round((done / total) * 100);
  const status = !uploading
    ? t('progress.requiredDone', { done, total })
    : progress === null
      ? t('progress.uploadingStarted')
      : progress >= 1
        ? t('progress.processing')
        : t('progress.uploading', { percent });

  return (
    // While uploading it sticks under the header: the artist pressed Upload at the bottom of the form.
    <div
      className={`rounded-2xl border p-4 sm:p-5 ${
        uploading
          ? 'sticky top-20 z-10 border-gold-400/30 bg-ink-900/95 shadow-xl shadow-black/40 backdrop-blur'
          : 'border-white/[0.08] bg-ink-900/80'
      }`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p className="font-semibold text-ink-50">
          <span className="text-gold-300">{t('progress.step', { current: 1, total: 1 })}</span>
          <span aria-hidden="true" className="mx-2 text-ink-600">
            ·
          </span>
          {t('progress.stepName')}
        </p>
        <p className="text-ink-300" aria-live="polite">
          {status}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label={t('progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={status}
        className="mt-3 h-2 overflow-hidden rounded-full bg-white/[0.08]"
      >
        <div
          className={`h-full origin-[0%_50%] rounded-full transition-transform duration-300 rtl:origin-[100%_50%] ${
            uploading ? 'bg-gradient-to-r from-jade-400 to-gold-400 rtl:bg-gradient-to-l' : 'bg-gold-400'
          } ${uploading && (progress === null || progress >= 1) ? 'animate-pulse' : ''}`}
          style={{ transform: `scaleX(${percent / 100})` }}
        />
      </div>
    </div>
  );
}

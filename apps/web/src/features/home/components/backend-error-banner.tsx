import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { AlertIcon, RefreshIcon } from '../../../components/ui/icons';

/** Shown when the API cannot be reached (the public spec's Home: "Failed to connect to backend"), with a retry. */
export function BackendErrorBanner({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <div
        role="alert"
        className="flex flex-col gap-4 rounded-2xl border border-coral-400/40 bg-coral-500/10 p-4 sm:flex-row sm:items-center sm:p-5"
      >
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-coral-400/15 text-coral-300">
          <AlertIcon className="size-6" />
        </span>
        <div className="flex-1">
          <p className="font-bold text-ink-50">{t('errors.backendDown')}</p>
          <p className="text-sm text-ink-300">{t('errors.backendDownHint')}</p>
        </div>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className={buttonClass('secondary', 'sm', 'self-start sm:self-auto')}
        >
          <RefreshIcon className={`size-4 ${retrying ? 'animate-spin' : ''}`} />
          {t('common.retry')}
        </button>
      </div>
    </div>
  );
}

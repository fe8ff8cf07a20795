import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { RefreshIcon } from '../../../components/ui/icons';
import { dismissUpdate, reloadIntoUpdate } from '../service-worker';

/**
 * "A new version of Ovation is ready": Reload switches to it now, Not now keeps the page as it is (the new
 * version then starts with the next visit). Loaded only when a new version is waiting.
 */
export default function UpdatePrompt() {
  const { t } = useTranslation('pwa');
  return (
    <div className="pointer-events-auto flex w-full max-w-md animate-rise flex-wrap items-center gap-x-3 gap-y-2 rounded-2xl border border-gold-400/40 bg-ink-850/95 py-2 ps-4 pe-2 shadow-xl backdrop-blur">
      <RefreshIcon className="size-5 shrink-0 text-gold-300" />
      <p className="min-w-0 flex-1 basis-48 text-sm text-ink-50">{t('update.ready')}</p>
      <div className="ms-auto flex items-center gap-1">
        <button type="button" onClick={dismissUpdate} className={buttonClass('ghost', 'sm')}>
          {t('update.dismiss')}
        </button>
        <button
          type="button"
          onClick={() => void reloadIntoUpdate()}
          className={buttonClass('primary', 'sm')}
        >
          {t('update.reload')}
        </button>
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { DownloadIcon } from '../../../components/ui/icons';
import { showToast, TOAST_DURATION_MS } from '../../../components/ui/toast';
import { saveBlob } from '../../../lib/download-file';

/**
 * The recovery codes, shown this once after the set-up (only their hashes are kept): each signs in once
 * when the phone is lost. Copy and download, then Done.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('profile');
  const text = `${codes.join('\n')}\n`;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('security.codesCopied'), 'success', TOAST_DURATION_MS);
    } catch {
      showToast(t('security.copyFailed'), 'error', TOAST_DURATION_MS);
    }
  };

  return (
    <div className="flex flex-col gap-4" data-testid="recovery-codes">
      <h2 className="text-lg font-bold text-ink-50">{t('security.codesTitle')}</h2>
      <p
        className="rounded-2xl border border-gold-400/40 bg-gold-400/10 p-4 text-sm text-gold-100"
        role="status"
      >
        {t('security.codesOnce')}
      </p>
      <ol
        dir="ltr"
        className="grid grid-cols-1 gap-2 rounded-2xl border border-white/10 bg-ink-950/60 p-4 font-mono text-base text-ink-50 min-[380px]:grid-cols-2"
      >
        {codes.map((code) => (
          <li key={code} className="text-center tracking-wider">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <button type="button" onClick={() => void copy()} className={buttonClass('secondary', 'md')}>
          {t('security.copyCodes')}
        </button>
        <button
          type="button"
          onClick={() => saveBlob(new Blob([text], { type: 'text/plain' }), 'ovation-recovery-codes.txt')}
          className={buttonClass('secondary', 'md')}
        >
          <DownloadIcon className="size-4" />
          {t('security.downloadCodes')}
        </button>
        <button type="button" onClick={onDone} className={buttonClass('primary', 'md')}>
          {t('security.codesSaved')}
        </button>
      </div>
    </div>
  );
}

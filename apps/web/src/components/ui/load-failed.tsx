import { useTranslation } from 'react-i18next';
import { buttonClass } from './button-styles';
import { RefreshIcon } from './icons';

/** A list that could not load: what went wrong and a Retry button (the list pages' shared failure state). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="rounded-3xl border border-coral-400/30 bg-coral-500/10 p-8 text-center">
      <p className="font-semibold text-coral-300">{message}</p>
      <button type="button" onClick={onRetry} className={buttonClass('secondary', 'md', 'mt-4')}>
        <RefreshIcon className="size-4" />
        {t('common.retry')}
      </button>
    </div>
  );
}

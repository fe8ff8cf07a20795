import { useTranslation } from 'react-i18next';
import { BrandMark } from './logo';

/** Full-area loading state: the brand mark inside a turning gold ring (the public spec: "a spinner with a logo"). */
export function PageSpinner({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="grid min-h-[60vh] place-items-center">
      <div className="relative grid size-20 place-items-center">
        <span
          aria-hidden="true"
          className="absolute inset-0 animate-spin-slow rounded-full border-[3px] border-ink-800 border-t-gold-400"
        />
        <BrandMark className="size-10" />
      </div>
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </div>
  );
}

/** Small inline spinner for buttons and rows. */
export function InlineSpinner({ className = 'size-4' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin-slow rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

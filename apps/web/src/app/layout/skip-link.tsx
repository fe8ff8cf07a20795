import { useTranslation } from 'react-i18next';

/** First focusable element: jumps past the header to the page content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href="#main"
      className="sr-only z-[60] rounded-full bg-gold-400 px-5 py-3 font-semibold text-ink-950 focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
    >
      {t('common.skipToContent')}
    </a>
  );
}

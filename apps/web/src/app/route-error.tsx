import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button-styles';
import { AlertIcon, RefreshIcon } from '../components/ui/icons';

/**
 * Shown inside the layout when a page fails to render or its code fails to load (a new deploy replaced
 * the chunk, or the network dropped): a reload fixes both.
 */
export function RouteError() {
  const { t } = useTranslation();

  return (
    <section className="mx-auto grid max-w-xl place-items-center px-4 py-24 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-coral-400/15 text-coral-300">
        <AlertIcon className="size-7" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight">{t('errors.pageTitle')}</h1>
      <p className="mt-3 text-ink-300">{t('errors.pageDescription')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={buttonClass('primary', 'md')}
        >
          <RefreshIcon className="size-4" />
          {t('errors.reload')}
        </button>
        <Link to="/" className={buttonClass('secondary', 'md')}>
          {t('notFound.goHome')}
        </Link>
      </div>
    </section>
  );
}

/** Catches a page that throws while rendering or whose chunk fails to load; reset by a navigation. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

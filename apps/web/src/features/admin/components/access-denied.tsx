import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ShieldIcon } from '../../../components/ui/icons';

/**
 * The access-denied screen some admin screens show instead of redirecting (spec 1 section 2):
 * 'Only administrators can access this page.'
 */
export function AccessDenied() {
  const { t } = useTranslation('admin');
  const { t: tShell } = useTranslation();
  return (
    <section className="mx-auto grid max-w-xl place-items-center px-4 py-24 text-center">
      <span className="grid size-16 place-items-center rounded-2xl bg-coral-400/15 text-coral-300 ring-1 ring-coral-400/30">
        <ShieldIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink-50">{t('denied.title')}</h1>
      <p className="mt-3 text-ink-300">{tShell('errors.ADMIN_ONLY')}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
        {tShell('notFound.goHome')}
      </Link>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowStartIcon } from '../../../components/ui/icons';
import { useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { UploadForm } from '../components/upload-form';

/**
 * Upload (the public spec): back link, 'Step 1 of 1' progress, the form. Artists return to their dashboard;
 * admins (who may upload but have no artist dashboard) return to the admin area.
 */
export default function UploadPage() {
  const { t } = useTranslation('upload');
  const { t: tShell } = useTranslation();
  useDocumentTitle(tShell('meta.pageTitle', { page: t('meta.title') }));
  const session = useSession();
  const isAdmin = session.user?.role === 'admin';
  const exitTo = isAdmin ? '/admin' : '/dashboard';

  return (
    <div className="glow-backdrop">
      <div className="mx-auto max-w-4xl px-4 pt-6 pb-16 sm:px-6 sm:pt-10 lg:px-8">
        <Link
          to={exitTo}
          className="-ms-3 inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink-300 hover:bg-white/[0.06] hover:text-ink-50"
        >
          <ArrowStartIcon className="size-4" />
          {isAdmin ? t('page.backToAdmin') : t('page.backToDashboard')}
        </Link>
        <header className="mt-4">
          <p className="text-sm font-semibold tracking-wider text-jade-300 uppercase">{t('page.kicker')}</p>
          <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-ink-50 sm:text-4xl">
            {t('page.title')}
          </h1>
          <p className="mt-2 max-w-2xl text-ink-300">
            {isAdmin ? t('page.descriptionAdmin') : t('page.description')}
          </p>
        </header>
        <UploadForm exitTo={exitTo} />
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ShieldIcon } from '../../../components/ui/icons';
import { accessProblem } from '../../../lib/api-error-message';
import { STORAGE_KEYS, writeStorage } from '../../../lib/local-storage';
import { useDocumentTitle } from '../../../lib/use-document-title';

function AccessFrame({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t('meta.pageTitle', { page: title }));
  return (
    <section className="mx-auto grid max-w-xl place-items-center px-4 py-20 text-center">
      <span className="grid size-16 place-items-center rounded-2xl bg-coral-400/15 text-coral-300 ring-1 ring-coral-400/30">
        <ShieldIcon className="size-8" />
      </span>
      <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink-50">{title}</h1>
      <p className="mt-3 text-ink-300">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{children}</div>
    </section>
  );
}

/**
 * The admin spec, not signed in: 'Admin Access Required' with Login and Go Home. Login comes back here
 * afterwards. (The spec's demo credentials are deliberately not shown.)
 */
export function AdminAccessRequired() {
  const { t } = useTranslation('admin');
  const location = useLocation();
  return (
    <AccessFrame title={t('access.requiredTitle')} text={t('access.requiredText')}>
      <Link
        to="/login"
        onClick={() =>
          writeStorage(
            STORAGE_KEYS.redirectAfterLogin,
            `${location.pathname}${location.search}${location.hash}`,
          )
        }
        className={buttonClass('primary', 'md')}
      >
        {t('access.login')}
      </Link>
      <Link to="/" className={buttonClass('secondary', 'md')}>
        {t('access.goHome')}
      </Link>
    </AccessFrame>
  );
}

/**
 * The admin spec, signed in without the admin role: 'Access Denied' with Go Home. `reason`
 * 'adminPrivileges' (default) says 'You need admin privileges to access this page.'; 'administratorsOnly'
 * says 'Only administrators can access this page.' (the analytics and images screens' wording).
 */
export function AccessDenied({
  reason = 'adminPrivileges',
}: {
  reason?: 'adminPrivileges' | 'administratorsOnly';
}) {
  const { t } = useTranslation('admin');
  const text = reason === 'administratorsOnly' ? t('access.administratorsOnly') : t('access.deniedText');
  return (
    <AccessFrame title={t('access.deniedTitle')} text={text}>
      <Link to="/" className={buttonClass('primary', 'md')}>
        {t('access.goHome')}
      </Link>
    </AccessFrame>
  );
}

/** Screens whose refusal says 'Only administrators can access this page.' (the spec's wording for them). */
const ADMINISTRATORS_ONLY_SCREENS = ['/admin/analytics', '/admin/images'];

/**
 * What the admin area's route guard shows a signed-in user without the admin role: Access Denied with Go
 * Home, in the wording of the screen they opened.
 */
export function AdminAccessDeniedRoute() {
  const { pathname } = useLocation();
  const screen = pathname.replace(/\/+$/, '');
  return (
    <AccessDenied
      reason={ADMINISTRATORS_ONLY_SCREENS.includes(screen) ? 'administratorsOnly' : 'adminPrivileges'}
    />
  );
}

/**
 * The access view for a failed call, or null when the failure is not about access: a 401 shows
 * AdminAccessRequired, a 403 AccessDenied. For a screen's main query:
 *   const access = <AccessProblem error={songs.error} />; ... if (songs.isError) return access ?? <LoadFailed .../>
 * or simply `if (accessProblem(songs.error)) return <AccessProblem error={songs.error} />`.
 */
export function AccessProblem({
  error,
  reason,
}: {
  error: unknown;
  reason?: 'adminPrivileges' | 'administratorsOnly';
}) {
  const problem = accessProblem(error);
  if (problem === 'signIn') return <AdminAccessRequired />;
  if (problem === 'forbidden') return <AccessDenied reason={reason} />;
  return null;
}

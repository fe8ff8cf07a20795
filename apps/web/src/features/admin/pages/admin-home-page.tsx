import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  ArrowEndIcon,
  ClockIcon,
  GridIcon,
  MusicIcon,
  ShieldIcon,
  UserIcon,
} from '../../../components/ui/icons';
import { hasRole, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { AccessDenied } from '../components/access-denied';

/**
 * /admin and every /admin/... path until the back-office lands: says so, and links to what exists. The
 * route guard already keeps non-admins out; the check here is a second lock for when this page is reused.
 */
export default function AdminHomePage() {
  const { t } = useTranslation('admin');
  const { t: tShell } = useTranslation();
  const session = useSession();
  useDocumentTitle(tShell('meta.pageTitle', { page: t('home.title') }));
  if (!hasRole(session, ['admin'])) return <AccessDenied />;

  const links = [
    { to: '/admin/voting-control', label: t('home.votingControl'), Icon: ClockIcon },
    { to: '/songs', label: t('home.songs'), Icon: MusicIcon },
    { to: '/categories', label: t('home.categories'), Icon: GridIcon },
    { to: '/profile', label: t('home.profile'), Icon: UserIcon },
  ];

  return (
    <section className="glow-backdrop relative overflow-hidden">
      <div aria-hidden="true" className="kente-pattern absolute inset-0 opacity-40" />
      <div className="relative mx-auto max-w-3xl px-4 pt-12 pb-24 sm:px-6 sm:pt-20">
        <span className="inline-flex items-center gap-2 rounded-full border border-gold-400/40 bg-gold-400/10 px-3 py-1 text-sm font-semibold text-gold-200">
          <ShieldIcon className="size-4" />
          {tShell('roles.admin')}
        </span>
        <h1 className="mt-5 text-4xl font-extrabold tracking-tight text-ink-50 sm:text-5xl">
          {t('home.title')}
        </h1>
        <p className="mt-4 max-w-xl text-lg text-ink-300">{t('home.description')}</p>
        <p className="mt-2 max-w-xl text-ink-400">{t('home.meanwhile')}</p>
        <ul className="mt-10 grid gap-3 sm:grid-cols-2">
          {links.map(({ to, label, Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="flex min-h-16 items-center gap-3 rounded-2xl border border-white/10 bg-white/[0.03] px-4 font-medium text-ink-100 transition-colors hover:border-gold-400/50 hover:bg-gold-400/[0.06]"
              >
                <Icon className="size-5 shrink-0 text-gold-300" />
                <span className="flex-1">{label}</span>
                <ArrowEndIcon className="size-4 text-ink-500" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

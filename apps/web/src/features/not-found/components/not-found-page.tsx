import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { ArrowEndIcon, GridIcon, MusicIcon, UserIcon } from '../../../components/ui/icons';
import { useRegistrationOpen } from '../../../lib/public-settings';
import { useDocumentTitle } from '../../../lib/use-document-title';

/** Any unknown path (the public spec: "Page Not Found" with Go Home, Browse Songs, All Songs, Categories, Login, Register). */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const registrationOpen = useRegistrationOpen();
  useDocumentTitle(t('meta.pageTitle', { page: t('notFound.title') }));

  const moreLinks = [
    { to: '/songs', label: t('notFound.allSongs'), Icon: MusicIcon },
    { to: '/categories', label: t('notFound.categories'), Icon: GridIcon },
    { to: '/login', label: t('notFound.login'), Icon: UserIcon },
    ...(registrationOpen ? [{ to: '/register', label: t('notFound.register'), Icon: ArrowEndIcon }] : []),
  ];

  return (
    <section className="glow-backdrop relative overflow-hidden">
      <div aria-hidden="true" className="kente-pattern absolute inset-0 opacity-60" />
      <div className="relative mx-auto max-w-3xl px-4 pt-16 pb-24 text-center sm:px-6 sm:pt-24">
        <p
          aria-hidden="true"
          className="bg-gradient-to-b from-gold-200 to-gold-600 bg-clip-text font-display text-8xl leading-none font-black tracking-tighter text-transparent sm:text-9xl"
        >
          404
        </p>
        <h1 className="mt-6 text-3xl font-bold tracking-tight text-ink-50 sm:text-4xl">
          {t('notFound.title')}
        </h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-ink-300">{t('notFound.description')}</p>

        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/" className={buttonClass('primary', 'lg')}>
            {t('notFound.goHome')}
          </Link>
          <Link to="/songs" className={buttonClass('secondary', 'lg')}>
            {t('notFound.browseSongs')}
          </Link>
        </div>

        <nav aria-labelledby="not-found-more" className="mx-auto mt-14 max-w-xl">
          <h2 id="not-found-more" className="text-sm font-semibold tracking-wider text-ink-400 uppercase">
            {t('notFound.helpfulLinks')}
          </h2>
          <ul className="mt-4 grid grid-cols-2 gap-3">
            {moreLinks.map(({ to, label, Icon }) => (
              <li key={to} className="last:odd:col-span-2">
                <Link
                  to={to}
                  className="flex min-h-14 items-center gap-3 rounded-2xl border border-white/10 bg-white/[0.03] px-4 text-start font-medium text-ink-100 transition-colors hover:border-gold-400/50 hover:bg-gold-400/[0.06]"
                >
                  <Icon className="size-5 shrink-0 text-gold-300" />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </section>
  );
}

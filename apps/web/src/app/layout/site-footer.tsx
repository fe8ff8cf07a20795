import type { Role } from '@ovation/shared/constants';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  CalendarIcon,
  FacebookIcon,
  InstagramIcon,
  TikTokIcon,
  XSocialIcon,
  YouTubeIcon,
} from '../../components/ui/icons';
import { BrandLogo } from '../../components/ui/logo';
import { useVotingRuleText } from '../../domain/voting/voting-rule';
import { useLogout } from '../../features/account/api/use-logout';
import { useRegistrationOpen } from '../../lib/public-settings';
import { hasRole, type Session, useSession } from '../../lib/session';
import { LEGAL_LINKS, type NavLabelKey } from './nav-links';

type SocialNetwork = 'Facebook' | 'X' | 'Instagram' | 'YouTube' | 'TikTok';

/** The event's social accounts. Placeholders until the organisers confirm their handles. */
const SOCIAL_LINKS: { network: SocialNetwork; href: string; Icon: ComponentType<SVGProps<SVGSVGElement>> }[] =
  [
    { network: 'Facebook', href: 'https://www.facebook.com/', Icon: FacebookIcon },
    { network: 'X', href: 'https://x.com/', Icon: XSocialIcon },
    { network: 'Instagram', href: 'https://www.instagram.com/', Icon: InstagramIcon },
    { network: 'YouTube', href: 'https://www.youtube.com/', Icon: YouTubeIcon },
    { network: 'TikTok', href: 'https://www.tiktok.com/', Icon: TikTokIcon },
  ];

type QuickLinkLabel = NavLabelKey | 'nav.login' | 'nav.register';

interface QuickLink {
  to: string;
  label: QuickLinkLabel;
  /** Who sees the link: undefined = everyone, 'guest' = signed out only, roles = signed in with one of them. */
  audience?: 'guest' | readonly Role[];
}

/** The footer's quick links: guests are offered an account, signed-in users their own pages (as the header). */
const QUICK_LINKS: QuickLink[] = [
  { to: '/', label: 'nav.home' },
  { to: '/songs', label: 'nav.songs' },
  { to: '/categories', label: 'nav.categories' },
  { to: '/register', label: 'nav.register', audience: 'guest' },
  { to: '/login', label: 'nav.login', audience: 'guest' },
  { to: '/profile', label: 'nav.profile', audience: [] },
  { to: '/dashboard', label: 'nav.dashboard', audience: ['artist'] },
  { to: '/admin', label: 'nav.admin', audience: ['admin'] },
];

/** The quick links `session` sees; Register only while the platform takes new accounts. */
function quickLinksFor(session: Session, registrationOpen: boolean): QuickLink[] {
  return QUICK_LINKS.filter(({ to, audience }) => {
    if (to === '/register' && !registrationOpen) return false;
    if (audience === undefined) return true;
    if (audience === 'guest') return !session.isAuthenticated;
    return hasRole(session, audience);
  });
}

const linkClass =
  'inline-flex min-h-11 items-center text-ink-300 transition-colors hover:text-gold-300 sm:min-h-9';

/** One titled column of footer links (quick links, legal links), with an optional last action. */
function FooterLinks({
  id,
  title,
  links,
  children,
}: {
  id: string;
  title: string;
  links: readonly { to: string; label: QuickLinkLabel }[];
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-bold tracking-wider text-ink-50 uppercase">
        {title}
      </h2>
      <ul className="mt-3 grid gap-0.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {t(link.label)}
            </Link>
          </li>
        ))}
        {children && <li>{children}</li>}
      </ul>
    </nav>
  );
}

/** Signs the user out from the footer, as the header's account menu does. */
function SignOutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <button type="button" onClick={logout} className={`${linkClass} cursor-pointer text-start`}>
      {t('nav.logout')}
    </button>
  );
}

export function SiteFooter() {
  const { t } = useTranslation();
  const votingRule = useVotingRuleText();
  const session = useSession();
  const registrationOpen = useRegistrationOpen();
  const year = new Date().getFullYear();

  return (
    <footer className="relative mt-auto border-t border-white/5 bg-ink-900/60">
      <div aria-hidden="true" className="kente-stripe h-1.5 opacity-80" />
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_1fr_1fr] lg:grid-cols-[1.6fr_1fr_1fr_1.5fr] lg:px-8">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <BrandLogo />
          <p className="mt-4 text-ink-300">{t('footer.tagline')}</p>
          <p className="mt-4 inline-flex items-center gap-2 rounded-full border border-gold-400/30 bg-gold-400/10 px-3 py-1.5 text-sm font-medium text-gold-200">
            <CalendarIcon className="size-4" />
            {t('footer.eventDates')}
          </p>
        </div>

        <FooterLinks
          id="footer-quick-links"
          title={t('footer.quickLinks')}
          links={quickLinksFor(session, registrationOpen)}
        >
          {session.isAuthenticated && <SignOutButton />}
        </FooterLinks>
        <FooterLinks id="footer-legal" title={t('footer.legal')} links={LEGAL_LINKS} />

        <div className="col-span-2 md:col-span-3 lg:col-span-1">
          <h2 className="text-sm font-bold tracking-wider text-ink-50 uppercase">{t('footer.followUs')}</h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {SOCIAL_LINKS.map(({ network, href, Icon }) => (
              <li key={network}>
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('footer.socialLink', { network })}
                  className="grid size-11 place-items-center rounded-full border border-white/10 bg-white/[0.04] text-ink-200 transition-colors hover:border-gold-400/60 hover:text-gold-300"
                >
                  <Icon className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/5">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm text-ink-400 sm:flex-row sm:items-center sm:justify-between sm:px-6 lg:px-8">
          <p>{t('footer.copyright', { year })}</p>
          <p>{t('footer.fairPlay', { rule: votingRule })}</p>
        </div>
      </div>
    </footer>
  );
}

import type { Role } from '@ovation/shared/constants';
import { hasRole, type Session } from '../../lib/session';

export type NavLabelKey =
  | 'nav.home'
  | 'nav.songs'
  | 'nav.categories'
  | 'nav.profile'
  | 'nav.dashboard'
  | 'nav.upload'
  | 'nav.admin'
  | 'nav.privacy'
  | 'nav.terms'
  | 'nav.dataProtection';

export interface NavItem {
  to: string;
  label: NavLabelKey;
  /** Match the path exactly (the home link would otherwise be active everywhere). */
  end?: boolean;
}

interface NavEntry extends NavItem {
  /** Who sees the link: undefined = everyone, [] = any signed-in user (the public spec's guard rule). */
  roles?: readonly Role[];
}

const MAIN_LINKS: NavEntry[] = [
  { to: '/', label: 'nav.home', end: true },
  { to: '/songs', label: 'nav.songs' },
  { to: '/categories', label: 'nav.categories' },
  { to: '/profile', label: 'nav.profile', roles: [] },
  { to: '/dashboard', label: 'nav.dashboard', roles: ['artist'] },
  { to: '/upload', label: 'nav.upload', roles: ['artist', 'admin'] },
  { to: '/admin', label: 'nav.admin', roles: ['admin'] },
];

export const LEGAL_LINKS: NavItem[] = [
  { to: '/privacy-policy', label: 'nav.privacy' },
  { to: '/terms-of-service', label: 'nav.terms' },
  { to: '/data-protection', label: 'nav.dataProtection' },
];

/** The top navigation shows this many links; the rest go under "More" (the public spec's Layout). */
export const VISIBLE_NAV_LINKS = 5;

/** The links this visitor may follow, split into the visible row and the "More" dropdown. */
export function buildNavigation(session: Session): { visible: NavItem[]; more: NavItem[] } {
  const allowed = MAIN_LINKS.filter((link) => link.roles === undefined || hasRole(session, link.roles));
  return {
    visible: allowed.slice(0, VISIBLE_NAV_LINKS),
    more: [...allowed.slice(VISIBLE_NAV_LINKS), ...LEGAL_LINKS],
  };
}

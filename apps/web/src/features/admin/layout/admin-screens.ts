/**
 * The admin area's screens, in sidebar order: the back-office's screens, with the scheduled jobs after the
 * online users and the audit log last. `path` is relative to /admin ('' is the dashboard). `soon` screens
 * show the 'Coming in a later release' page and a Soon badge. The router gives each built screen its own
 * route; every other /admin path goes to the coming-soon page, which reads `soon` here.
 */
export const ADMIN_SCREENS = [
  { path: '', label: 'nav.dashboard', soon: false },
  { path: 'songs', label: 'nav.songs', soon: false },
  { path: 'users', label: 'nav.users', soon: false },
  { path: 'categories', label: 'nav.categories', soon: false },
  { path: 'analytics', label: 'nav.analytics', soon: false },
  { path: 'integrity', label: 'nav.integrity', soon: false },
  { path: 'images', label: 'nav.images', soon: false },
  { path: 'social-login', label: 'nav.socialLogin', soon: false },
  { path: 'banners', label: 'nav.banners', soon: false },
  { path: 'ads', label: 'nav.ads', soon: false },
  { path: 'ad-analytics', label: 'nav.adAnalytics', soon: false },
  { path: 'online-users', label: 'nav.onlineUsers', soon: false },
  { path: 'jobs', label: 'nav.jobs', soon: false },
  { path: 'voting-control', label: 'nav.votingControl', soon: false },
  { path: 'settings', label: 'nav.settings', soon: false },
  { path: 'audit', label: 'nav.audit', soon: false },
  { path: 'breaches', label: 'nav.breaches', soon: false },
] as const;

export type AdminScreen = (typeof ADMIN_SCREENS)[number];
export type AdminScreenPath = AdminScreen['path'];

/** The screen a pathname belongs to (/admin/songs/123 -> songs), or undefined. */
export function findAdminScreen(pathname: string): AdminScreen | undefined {
  const rest = pathname.replace(/^\/admin\/?/, '').split('/')[0] ?? '';
  return ADMIN_SCREENS.find((screen) => screen.path === rest);
}

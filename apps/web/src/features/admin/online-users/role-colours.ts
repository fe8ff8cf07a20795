import type { Role } from '@ovation/shared/constants';

/**
 * One colour per role (the admin spec: Users by Role cards 'a colour per role'), the same as the users screen's
 * role badges: admins coral, artists gold, fans sky.
 */
export const ROLE_COLOURS: Record<Role, { badge: string; avatar: string; bar: string; card: string }> = {
  admin: {
    badge: 'bg-coral-400/15 text-coral-300',
    avatar: 'bg-coral-400/15 text-coral-300 ring-coral-400/25',
    bar: 'bg-coral-400',
    card: 'border-coral-400/30 bg-coral-400/[0.06] text-coral-300',
  },
  artist: {
    badge: 'bg-gold-400/15 text-gold-200',
    avatar: 'bg-gold-400/15 text-gold-200 ring-gold-400/25',
    bar: 'bg-gold-400',
    card: 'border-gold-400/30 bg-gold-400/[0.06] text-gold-200',
  },
  fan: {
    badge: 'bg-sky-400/15 text-sky-200',
    avatar: 'bg-sky-400/15 text-sky-200 ring-sky-400/25',
    bar: 'bg-sky-400',
    card: 'border-sky-400/30 bg-sky-400/[0.06] text-sky-200',
  },
};

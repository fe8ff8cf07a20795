import type { User } from '@ovation/shared/schemas/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarIcon, CheckIcon, ClockIcon, ShieldIcon, UserIcon } from '../../../components/ui/icons';

/** Up to two initials: "Amara Okafor" -> "AO". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => Array.from(word ?? '')[0]?.toUpperCase() ?? '').join('') || '?';
}

const ROLE_BADGE: Record<User['role'], string> = {
  fan: 'border-jade-400/40 bg-jade-400/10 text-jade-300',
  artist: 'border-gold-400/40 bg-gold-400/10 text-gold-200',
  admin: 'border-coral-400/40 bg-coral-400/10 text-coral-300',
};

/** The header card: avatar, name, e-mail, role and Verified badges, the role's description. */
export function ProfileHeader({ user, action }: { user: User; action?: ReactNode }) {
  const { t } = useTranslation('profile');
  const { t: tShell } = useTranslation();
  return (
    <section className="relative overflow-hidden rounded-3xl border border-white/10 bg-ink-900/80">
      <div aria-hidden="true" className="kente-stripe h-1.5 opacity-90" />
      <div aria-hidden="true" className="kente-pattern absolute inset-0 opacity-30" />
      <div className="relative flex flex-col gap-5 p-5 sm:flex-row sm:items-center sm:p-8">
        {user.avatar ? (
          <img
            src={user.avatar}
            alt=""
            width={96}
            height={96}
            className="size-20 rounded-full object-cover sm:size-24"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-20 shrink-0 place-items-center rounded-full bg-gradient-to-br from-gold-300 to-gold-600 font-display text-3xl font-extrabold text-ink-950 shadow-lg shadow-gold-500/20 sm:size-24"
          >
            {initialsOf(user.name)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold tracking-tight break-words text-ink-50 sm:text-3xl">
            <bdi>{user.name}</bdi>
          </h1>
          <p className="mt-1 truncate text-ink-300">
            <bdi dir="ltr">{user.email}</bdi>
          </p>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <span
              className={`inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold ${ROLE_BADGE[user.role]}`}
            >
              <UserIcon className="size-4" />
              {tShell(`roles.${user.role}`)}
            </span>
            {user.emailVerified && (
              <span className="inline-flex items-center gap-1.5 rounded-full border border-jade-400/40 bg-jade-400/10 px-3 py-1 text-sm font-semibold text-jade-300">
                <CheckIcon className="size-4" />
                {t('verified')}
              </span>
            )}
          </div>
          <p className="mt-3 text-sm text-ink-400">{t(`roleDescription.${user.role}`)}</p>
        </div>
        {action && <div className="sm:self-start">{action}</div>}
      </div>
    </section>
  );
}

function Tile({
  icon,
  label,
  value,
  tone,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  tone?: 'good' | 'muted';
}) {
  return (
    <div className="flex min-w-0 flex-col gap-2 rounded-2xl border border-white/10 bg-white/[0.03] p-4">
      <span className="flex items-center gap-2 text-sm text-ink-400">
        <span className="text-gold-300">{icon}</span>
        {label}
      </span>
      <span
        className={`flex items-center gap-2 truncate text-lg font-semibold ${
          tone === 'good' ? 'text-jade-300' : tone === 'muted' ? 'text-ink-300' : 'text-ink-50'
        }`}
      >
        {tone && (
          <span
            aria-hidden="true"
            className={`size-2 shrink-0 rounded-full ${tone === 'good' ? 'bg-jade-400' : 'bg-ink-500'}`}
          />
        )}
        {value}
      </span>
    </div>
  );
}

/** Member Since, Account Status, Account Type and Last Activity (the public spec, Profile). */
export function ProfileTiles({ user }: { user: User }) {
  const { t, i18n } = useTranslation('profile');
  const created = new Date(user.createdAt);
  const memberSince = Number.isNaN(created.getTime())
    ? t('tiles.recent')
    : new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
        month: 'short',
        year: 'numeric',
      }).format(created);
  return (
    <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {[
        {
          key: 'since',
          icon: <CalendarIcon className="size-4" />,
          label: t('tiles.memberSince'),
          value: memberSince,
        },
        {
          key: 'status',
          icon: <ShieldIcon className="size-4" />,
          label: t('tiles.accountStatus'),
          value: user.isActive ? t('tiles.active') : t('tiles.inactive'),
          tone: user.isActive ? ('good' as const) : ('muted' as const),
        },
        {
          key: 'type',
          icon: <UserIcon className="size-4" />,
          label: t('tiles.accountType'),
          value: t(`accountType.${user.role}`),
        },
        {
          key: 'activity',
          icon: <ClockIcon className="size-4" />,
          label: t('tiles.lastActivity'),
          value: user.lastLogin ? t('tiles.online') : t('tiles.offline'),
          tone: user.lastLogin ? ('good' as const) : ('muted' as const),
        },
      ].map(({ key, ...tile }) => (
        <li key={key} className="min-w-0">
          <Tile {...tile} />
        </li>
      ))}
    </ul>
  );
}

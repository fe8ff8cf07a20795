import type { AdminUser } from '@ovation/shared/schemas/admin-users';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../../components/ui/button-styles';
import { countryFlag, countryName, resolveCountryCode, UNKNOWN_FLAG } from '../lib/country-flag';
import { ResetSecondFactorButton } from './reset-second-factor';

export interface UserCardHandlers {
  onToggleActive: (user: AdminUser) => void;
  onChangeRole: (user: AdminUser) => void;
  onEndSessions: (user: AdminUser) => void;
  /** A request the user sent about their data: a copy, or the deletion of their account. */
  onPrivacyRequest: (user: AdminUser) => void;
}

const ROLE_BADGES = {
  fan: 'bg-sky-400/15 text-sky-200',
  artist: 'bg-gold-400/15 text-gold-200',
  admin: 'bg-coral-400/15 text-coral-300',
} as const;

function Avatar({ user }: { user: AdminUser }) {
  if (user.avatar) {
    return (
      <img
        src={user.avatar}
        alt=""
        loading="lazy"
        className="size-12 shrink-0 rounded-full object-cover ring-1 ring-white/10"
      />
    );
  }
  const initial = Array.from(user.name.trim())[0]?.toLocaleUpperCase() ?? '?';
  return (
    <span
      aria-hidden="true"
      className="grid size-12 shrink-0 place-items-center rounded-full bg-gold-400/15 text-lg font-bold text-gold-200 ring-1 ring-gold-400/25"
    >
      {initial}
    </span>
  );
}

/**
 * One user (the admin spec's 'User management'): avatar or initial, name, e-mail, country with its flag (a globe
 * and 'Unknown' without one), state, role and status badges, joined date, bio, and the actions. Your own
 * card keeps Deactivate and Change role disabled, with the reason under them.
 */
export function UserCard({
  user,
  isSelf,
  handlers,
  selection,
}: {
  user: AdminUser;
  isSelf: boolean;
  handlers: UserCardHandlers;
  /** The card's checkbox for the list's bulk actions. */
  selection?: { checked: boolean; onToggle: () => void };
}) {
  const { t, i18n } = useTranslation('admin-users');
  const { t: tAdmin } = useTranslation('admin');
  const dates = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });
  const titleId = `user-${user._id}`;
  const ownNoteId = `user-${user._id}-own`;
  const country = user.country
    ? countryName(resolveCountryCode(user.countryCode, user.country), user.country, i18n.language)
    : null;
  // Erased by the retention job: the row only keeps its votes counting, so there is nothing to act on.
  const erased = user.erasedAt !== null;
  const name = erased ? t('card.erased') : user.name;
  const locked = isSelf || erased;
  const noteId = erased ? `user-${user._id}-erased` : ownNoteId;

  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full min-w-0 flex-col rounded-2xl border border-white/[0.08] bg-ink-900 p-4 sm:p-5"
    >
      <div className="flex items-start gap-3">
        {selection && (
          <input
            type="checkbox"
            aria-label={tAdmin('kit.table.selectRow', { name })}
            checked={selection.checked}
            onChange={selection.onToggle}
            className="mt-3.5 size-5 shrink-0 cursor-pointer rounded accent-gold-400"
          />
        )}
        <Avatar user={user} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${ROLE_BADGES[user.role]}`}>
              {t(`roles.${user.role}`)}
            </span>
            <span
              className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                user.isActive ? 'bg-jade-400/15 text-jade-300' : 'bg-white/[0.08] text-ink-300'
              }`}
            >
              {user.isActive ? t('card.active') : t('card.inactive')}
            </span>
            {isSelf && (
              <span className="rounded-full bg-white/[0.08] px-2 py-0.5 text-xs font-semibold text-ink-100">
                {t('card.you')}
              </span>
            )}
          </div>
          <h3 id={titleId} className="mt-1.5 text-lg leading-snug font-bold break-words text-ink-50">
            <bdi>{name}</bdi>
          </h3>
          <p className="text-sm break-all text-ink-300">
            {!erased && <bdi>{user.email}</bdi>}
            <span className="sr-only">
              {' · '}
              {user.isVerified ? t('card.verified') : t('card.unverified')}
            </span>
          </p>
        </div>
      </div>

      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm text-ink-200 min-[420px]:grid-cols-2">
        <div className="flex min-w-0 items-center gap-2">
          <dt className="sr-only">{t('filters.country')}</dt>
          <dd className="flex min-w-0 items-center gap-2">
            <span aria-hidden="true" className="text-base leading-none">
              {user.country ? countryFlag(resolveCountryCode(user.countryCode, user.country)) : UNKNOWN_FLAG}
            </span>
            <bdi className="truncate" title={country ?? undefined}>
              {country ?? t('card.unknownCountry')}
            </bdi>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="sr-only">{t('filters.state')}</dt>
          <dd className="truncate" title={user.state ?? undefined}>
            {user.state ? <bdi>{user.state}</bdi> : <span className="text-ink-500">{t('card.noState')}</span>}
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="sr-only">{t('card.joined', { date: '' })}</dt>
          <dd>
            <time dateTime={user.createdAt}>
              {t('card.joined', { date: dates.format(new Date(user.createdAt)) })}
            </time>
          </dd>
        </div>
        <div className="min-w-0 text-ink-400">
          <dt className="sr-only">{t('card.lastLogin', { date: '' })}</dt>
          <dd>
            {user.lastLogin ? (
              <time dateTime={user.lastLogin}>
                {t('card.lastLogin', { date: dates.format(new Date(user.lastLogin)) })}
              </time>
            ) : (
              t('card.neverSignedIn')
            )}
          </dd>
        </div>
      </dl>

      {user.bio ? (
        <p dir="auto" title={user.bio} className="mt-3 line-clamp-3 text-sm break-words text-ink-300">
          {user.bio}
        </p>
      ) : (
        <p className="mt-3 text-sm text-ink-400 italic">{t('card.noBio')}</p>
      )}

      <div className="mt-auto pt-4">
        <fieldset className="flex min-w-0 flex-wrap gap-2">
          <legend className="sr-only">{t('card.actions', { name })}</legend>
          <button
            type="button"
            disabled={locked}
            aria-describedby={locked ? noteId : undefined}
            onClick={() => handlers.onToggleActive(user)}
            className={buttonClass('secondary', 'sm', user.isActive ? 'text-coral-300' : 'text-jade-300')}
          >
            {user.isActive ? t('actions.deactivate') : t('actions.reactivate')}
          </button>
          <button
            type="button"
            disabled={locked}
            aria-describedby={locked ? noteId : undefined}
            onClick={() => handlers.onChangeRole(user)}
            className={buttonClass('secondary', 'sm')}
          >
            {t('actions.changeRole')}
          </button>
          <button
            type="button"
            disabled={erased}
            aria-describedby={erased ? noteId : undefined}
            onClick={() => handlers.onEndSessions(user)}
            className={buttonClass('ghost', 'sm')}
          >
            {t('actions.endSessions')}
          </button>
          <button
            type="button"
            disabled={erased}
            aria-describedby={erased ? noteId : undefined}
            onClick={() => handlers.onPrivacyRequest(user)}
            className={buttonClass('ghost', 'sm')}
          >
            {t('actions.privacyRequest')}
          </button>
          {user.role === 'admin' && !isSelf && !erased && <ResetSecondFactorButton user={user} />}
        </fieldset>
        {locked && (
          <p id={noteId} className="mt-2 text-xs text-ink-400">
            {erased
              ? t('card.erasedNote', { date: dates.format(new Date(user.erasedAt as string)) })
              : t('card.ownAccount')}
          </p>
        )}
      </div>
    </article>
  );
}

import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { InlineSpinner } from '../../../components/ui/spinner';
import { songVotersQuery } from '../api/use-songs';

/**
 * The voters of a song, for admins (the public spec's Category detail, Songs list): name or 'Anonymous Voter', the
 * role ('Music Fan' for fans), date and time; an empty state invites the first vote.
 */
export function SongVotersList({ songId }: { songId: string }) {
  const { t, i18n } = useTranslation('songs');
  const { t: tMain } = useTranslation();
  const voters = useQuery(songVotersQuery(songId));
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (voters.isPending)
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-sm text-ink-300">
        <InlineSpinner />
        {tMain('common.loading')}
      </p>
    );
  if (voters.isError) return <p className="py-4 text-sm text-coral-300">{t('voters.failed')}</p>;
  if (voters.data.length === 0)
    return (
      <div className="rounded-2xl bg-white/[0.04] p-5 text-center">
        <p className="font-semibold text-ink-100">{t('voters.emptyTitle')}</p>
        <p className="mt-1 text-sm text-ink-400">{t('voters.emptyText')}</p>
      </div>
    );

  const roleLabel = (role: string) =>
    role === 'fan' || role === 'artist' || role === 'admin' ? tMain(`roles.${role}`) : role;
  return (
    <>
      <p className="text-sm text-ink-300">{t('voters.count', { count: voters.data.length })}</p>
      <ul className="mt-3 divide-y divide-white/[0.06] rounded-2xl bg-white/[0.03] ring-1 ring-white/[0.06]">
        {voters.data.map((vote) => (
          <li key={vote._id} className="flex items-center gap-3 px-3 py-2.5">
            <span
              aria-hidden="true"
              className="grid size-9 shrink-0 place-items-center rounded-full bg-gold-400/15 text-sm font-bold text-gold-200"
            >
              {(vote.user?.name ?? '?').trim().charAt(0).toUpperCase() || '?'}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-ink-50">
                <bdi>{vote.user?.name || t('voters.anonymous')}</bdi>
              </p>
              <p className="text-xs text-ink-400">{roleLabel(vote.user?.role ?? 'fan')}</p>
            </div>
            <time dateTime={vote.createdAt} className="shrink-0 text-xs text-ink-400 tabular-nums">
              {when.format(new Date(vote.createdAt))}
            </time>
          </li>
        ))}
      </ul>
    </>
  );
}

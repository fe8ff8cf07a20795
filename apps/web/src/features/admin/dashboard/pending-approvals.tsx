import type { AdminSong } from '@ovation/shared/schemas/admin-songs';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/data/empty-state';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { SongCover } from '../../../components/player/cover-art';
import { buttonClass } from '../../../components/ui/button-styles';
import { ArrowEndIcon, CheckIcon, CloseIcon, MusicIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { InlineSpinner } from '../../../components/ui/spinner';
import { useVotingPeriod } from '../../../domain/voting/use-voting-period';
import { useAction } from '../../../lib/use-action';
import { Panel } from '../layout/panel';
import { RejectSongsDialog } from '../lib/reject-songs-dialog';
import { approveSong, rejectSong } from '../lib/song-moderation';
import { dashboardKeys, pendingSongsQuery } from './api';

function PendingSong({
  song,
  busy,
  onApprove,
  onReject,
}: {
  song: AdminSong;
  busy: 'approve' | 'reject' | null;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t, i18n } = useTranslation('admin-dashboard');
  const submitted = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(
    new Date(song.createdAt),
  );
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <SongCover
          cover={song.cover}
          seed={song._id}
          title={song.title}
          sizes="56px"
          className="size-14 shrink-0 rounded-xl [&_span]:text-2xl"
        />
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink-50" title={song.title}>
            <bdi>{song.title}</bdi>
          </p>
          <p className="truncate text-sm text-ink-300" title={`${song.artist} · ${song.category.name}`}>
            <bdi>{song.artist}</bdi>
            <span aria-hidden="true"> · </span>
            <bdi>{song.category.name}</bdi>
          </p>
          <p className="text-xs text-ink-400">
            <time dateTime={song.createdAt}>{t('pending.submitted', { date: submitted })}</time>
          </p>
        </div>
      </div>
      <div className="grid shrink-0 grid-cols-2 gap-2 sm:flex">
        <button
          type="button"
          onClick={onApprove}
          disabled={busy !== null}
          aria-label={t('pending.approveSong', { title: song.title })}
          className={buttonClass('jade', 'sm')}
        >
          {busy === 'approve' ? <InlineSpinner /> : <CheckIcon className="size-4" />}
          {t('pending.approve')}
        </button>
        <button
          type="button"
          onClick={onReject}
          disabled={busy !== null}
          aria-label={t('pending.rejectSong', { title: song.title })}
          className={buttonClass('secondary', 'sm')}
        >
          {busy === 'reject' ? <InlineSpinner /> : <CloseIcon className="size-4" />}
          {t('pending.reject')}
        </button>
      </div>
    </li>
  );
}

/**
 * The admin spec's dashboard 'Pending Approvals': up to 5 songs waiting, each approved or rejected in place (the
 * spec's toasts; while voting is open an approval is confirmed first, since fans see the song and can vote
 * for it at once), and View All to the moderation screen. A verify refreshes this list, the moderation
 * screen's lists and the dashboard's figures; a refused one (another admin was first) refreshes them too.
 */
export function PendingApprovals({ className = '' }: { className?: string }) {
  const { t } = useTranslation('admin-dashboard');
  const queryClient = useQueryClient();
  const pending = useQuery(pendingSongsQuery);
  const [rejecting, setRejecting] = useState<AdminSong | null>(null);
  const [approving, setApproving] = useState<AdminSong | null>(null);
  // While fans are voting, an approval puts the song in front of them at once: it is confirmed first.
  const votingOpen = useVotingPeriod().period.phase === 'active';
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.songs });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
  };
  const invalidate = [dashboardKeys.songs, dashboardKeys.all];

  const approve = useAction({
    action: approveSong,
    success: t('toast.approved'),
    failure: t('toast.approveFailed'),
    invalidate,
    onSuccess: () => setApproving(null),
    onError: () => {
      setApproving(null);
      refresh();
    },
  });
  const reject = useAction({
    action: rejectSong,
    success: t('toast.rejected'),
    failure: t('toast.rejectFailed'),
    invalidate,
    onSuccess: () => setRejecting(null),
    // Closed on failure too, so the toast is not hidden under the dialog's backdrop.
    onError: () => {
      setRejecting(null);
      refresh();
    },
  });

  const busyFor = (song: AdminSong): 'approve' | 'reject' | null => {
    if (approve.isPending && approve.variables?._id === song._id) return 'approve';
    if (reject.isPending && reject.variables?.song._id === song._id) return 'reject';
    return null;
  };

  return (
    <Panel
      title={t('pending.title')}
      className={className}
      aside={
        <Link
          to="/admin/songs?status=pending"
          aria-label={t('pending.viewAllLabel')}
          className={buttonClass('ghost', 'sm')}
        >
          {t('pending.viewAll')}
          <ArrowEndIcon className="size-4" />
        </Link>
      }
    >
      {pending.isError ? (
        <LoadFailed message={t('pending.loadFailed')} onRetry={() => void pending.refetch()} />
      ) : pending.data === undefined ? (
        <ul aria-hidden="true" className="divide-y divide-white/[0.06]">
          {[0, 1, 2].map((index) => (
            <li key={index} className="flex items-center gap-3 py-4">
              <span className="size-14 animate-pulse rounded-xl bg-white/10" />
              <span className="h-4 w-1/2 animate-pulse rounded bg-white/10" />
            </li>
          ))}
        </ul>
      ) : pending.data.length === 0 ? (
        <EmptyState
          icon={<MusicIcon />}
          title={t('pending.empty')}
          description={t('pending.emptyText')}
          className="mt-2"
        />
      ) : (
        <ul className="-my-4 divide-y divide-white/[0.06]">
          {pending.data.map((song) => (
            <PendingSong
              key={song._id}
              song={song}
              busy={busyFor(song)}
              onApprove={() => (votingOpen ? setApproving(song) : approve.mutate(song))}
              onReject={() => setRejecting(song)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={approving !== null}
        tone="primary"
        title={t('pending.confirmTitle')}
        description={approving ? t('pending.confirmText', { title: `\u2068${approving.title}\u2069` }) : ''}
        confirmLabel={t('pending.approve')}
        busy={approve.isPending}
        onConfirm={() => approving && approve.mutate(approving)}
        onCancel={() => setApproving(null)}
      />
      <RejectSongsDialog
        target={rejecting ? { title: rejecting.title } : null}
        busy={reject.isPending}
        onConfirm={(reason) => rejecting && reject.mutate({ song: rejecting, reason })}
        onCancel={() => setRejecting(null)}
      />
    </Panel>
  );
}

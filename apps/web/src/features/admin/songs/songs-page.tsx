import {
  ADMIN_SONG_SORTS,
  ADMIN_SONG_STATUS_FILTERS,
  type AdminSong,
} from '@ovation/shared/schemas/admin-songs';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRowSelection } from '../../../components/data/data-table';
import { EmptyState } from '../../../components/data/empty-state';
import { FilterBar } from '../../../components/data/filter-bar';
import { StatTiles } from '../../../components/data/stat-tiles';
import { ConfirmDialog } from '../../../components/dialog/confirm-dialog';
import { buttonClass } from '../../../components/ui/button-styles';
import { AlertIcon, CheckIcon, ClockIcon, MusicIcon, SearchIcon } from '../../../components/ui/icons';
import { showToast, TOAST_ERROR_MS } from '../../../components/ui/toast';
import { accessProblem } from '../../../lib/api-error-message';
import { useAction } from '../../../lib/use-action';
import { useListParams } from '../../../lib/use-list-params';
import { AccessProblem } from '../layout/access-views';
import { ListSection } from '../layout/list-section';
import { listSortParams, listSortProps } from '../layout/list-sort';
import { listSectionTexts, searchFilterProps } from '../layout/list-texts';
import { PageHeader } from '../layout/page-header';
import { RejectSongsDialog } from '../lib/reject-songs-dialog';
import { approveSong, rejectSong, verifySongs } from '../lib/song-moderation';
import { adminSongsKeys, deleteSong, useAdminSongs, useSongStats } from './api';
import { BulkUploadModal } from './bulk-upload-modal';
import { ChangeDecisionDialog } from './change-decision-dialog';
import { EditSongModal } from './edit-song-modal';
import { SongList } from './song-list';
import { StackIcon, UploadIcon } from './song-parts';

/** The list's filters, kept in the URL (Back, reload and a shared link keep them). */
const SONG_SORT = listSortParams(ADMIN_SONG_SORTS);
const LIST_DEFAULTS = {
  page: 1,
  search: '',
  status: 'all' as (typeof ADMIN_SONG_STATUS_FILTERS)[number],
  ...SONG_SORT.defaults,
};
const LIST_CHOICES = { status: ADMIN_SONG_STATUS_FILTERS, ...SONG_SORT.choices };

type RejectTarget = { song: AdminSong } | { ids: string[] } | null;

/** Song moderation (the admin spec): tiles, filters, the submissions list and its actions. */
export default function AdminSongsPage() {
  const { t, i18n } = useTranslation('admin-songs');
  const queryClient = useQueryClient();
  const { params, setParams, applyFilters, reset } = useListParams(LIST_DEFAULTS, LIST_CHOICES);
  const songs = useAdminSongs(params);
  const stats = useSongStats();
  const selection = useRowSelection(
    `${params.page}|${params.search}|${params.status}|${params.sort}|${params.order}`,
  );
  const [rejecting, setRejecting] = useState<RejectTarget>(null);
  const [editing, setEditing] = useState<AdminSong | null>(null);
  const [deleting, setDeleting] = useState<AdminSong | null>(null);
  const [bulkUploading, setBulkUploading] = useState(false);
  const number = new Intl.NumberFormat(i18n.language);

  // A refused moderation (another admin was first) refreshes the list so it shows the song's real status.
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminSongsKeys.all });
  const forget = (ids: string[]) => {
    const next = new Set(selection.selected);
    for (const id of ids) next.delete(id);
    selection.setSelected(next);
  };

  const approve = useAction({
    action: approveSong,
    success: t('toast.approved'),
    failure: t('toast.approveFailed'),
    invalidate: [adminSongsKeys.all],
    onSuccess: (_data, song) => forget([song._id]),
    onError: refresh,
  });
  const reject = useAction({
    action: rejectSong,
    success: t('toast.rejected'),
    failure: t('toast.rejectFailed'),
    invalidate: [adminSongsKeys.all],
    onSuccess: (_data, { song }) => {
      forget([song._id]);
      setRejecting(null);
    },
    onError: () => {
      refresh();
      setRejecting(null);
    },
  });
  const bulk = useAction({
    action: verifySongs,
    success: (result, variables) =>
      t(variables.action === 'approve' ? 'bulk.approved' : 'bulk.rejected', {
        count: result.data.moderated.length,
        number: number.format(result.data.moderated.length),
      }),
    failure: (variables) => t(variables.action === 'approve' ? 'toast.approveFailed' : 'toast.rejectFailed'),
    invalidate: [adminSongsKeys.all],
    onSuccess: (result) => {
      selection.clear();
      setRejecting(null);
      const skipped = result.data.skipped.length;
      if (skipped > 0) {
        showToast(
          t('bulk.skipped', { count: skipped, number: number.format(skipped) }),
          'info',
          TOAST_ERROR_MS,
        );
      }
    },
    onError: () => {
      refresh();
      setRejecting(null);
    },
  });
  const [deciding, setDeciding] = useState<AdminSong | null>(null);
  const remove = useAction({
    action: (song: AdminSong) => deleteSong(song._id),
    success: t('toast.deleted'),
    failure: t('toast.deleteFailed'),
    invalidate: [adminSongsKeys.all],
    onSuccess: (_data, song) => {
      forget([song._id]);
      setDeleting(null);
    },
    onError: () => setDeleting(null),
  });

  const rejectTarget = useMemo(
    () =>
      rejecting === null
        ? null
        : 'song' in rejecting
          ? { title: rejecting.song.title }
          : { count: rejecting.ids.length },
    [rejecting],
  );

  /**
   * Approve or Reject selected: a first decision, for the selected songs the list shows pending. Songs
   * already decided are left out and the admin is told to use Change decision on them (not that another
   * admin got there first).
   */
  const decideSelected = (ids: string[], run: (pending: string[]) => void) => {
    const statusOf = new Map((songs.data?.songs ?? []).map((song) => [song._id, song.status]));
    const pending = ids.filter((id) => (statusOf.get(id) ?? 'pending') === 'pending');
    const decided = ids.length - pending.length;
    if (decided > 0) {
      showToast(
        t('bulk.alreadyDecided', { count: decided, number: number.format(decided) }),
        'info',
        TOAST_ERROR_MS,
      );
    }
    if (pending.length > 0) run(pending);
  };

  if (accessProblem(songs.error)) return <AccessProblem error={songs.error} />;

  const filtered = params.search !== '' || params.status !== 'all';
  const handlers = {
    onApprove: (song: AdminSong) => approve.mutate(song),
    onReject: (song: AdminSong) => setRejecting({ song }),
    onChangeDecision: setDeciding,
    onEdit: setEditing,
    onDelete: setDeleting,
    busyId: approve.isPending ? (approve.variables?._id ?? null) : null,
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        back
        actions={
          <>
            <Link to="/upload" className={buttonClass('primary', 'md')}>
              <UploadIcon className="size-4" />
              {t('header.singleUpload')}
            </Link>
            <button
              type="button"
              onClick={() => setBulkUploading(true)}
              className={buttonClass('secondary', 'md')}
            >
              <StackIcon className="size-4" />
              {t('header.bulkUpload')}
            </button>
          </>
        }
      />

      <section aria-label={t('title')} className="mb-6">
        <StatTiles
          tiles={[
            {
              key: 'pending',
              label: t('stats.pending'),
              value: stats.data?.pending,
              icon: <ClockIcon className="size-5" />,
            },
            {
              key: 'approved',
              label: t('stats.approved'),
              value: stats.data?.approved,
              icon: <CheckIcon className="size-5" />,
            },
            {
              key: 'rejected',
              label: t('stats.rejected'),
              value: stats.data?.rejected,
              icon: <AlertIcon className="size-5" />,
            },
            {
              key: 'total',
              label: t('stats.total'),
              value: stats.data?.total,
              icon: <MusicIcon className="size-5" />,
            },
          ]}
        />
      </section>

      <div className="mb-6">
        <FilterBar
          {...searchFilterProps(t, params.search, applyFilters, reset)}
          selects={[
            {
              name: 'status',
              label: t('filters.status'),
              value: params.status,
              options: ADMIN_SONG_STATUS_FILTERS.map((status) => ({
                value: status,
                label: status === 'all' ? t('filters.all') : t(`status.${status}`),
              })),
            },
          ]}
        />
      </div>

      <ListSection {...listSectionTexts(t, 'list')} query={songs} onPage={(page) => setParams({ page })}>
        <SongList
          songs={songs.data?.songs}
          loading={songs.isFetching}
          handlers={handlers}
          selected={selection.selected}
          onSelectionChange={selection.setSelected}
          {...listSortProps(params, setParams)}
          bulkActions={(ids) => (
            <>
              <button
                type="button"
                disabled={bulk.isPending}
                onClick={() =>
                  decideSelected(ids, (pending) => bulk.mutate({ ids: pending, action: 'approve' }))
                }
                className={buttonClass('jade', 'sm')}
              >
                <CheckIcon className="size-4" />
                {t('bulk.approve')}
              </button>
              <button
                type="button"
                disabled={bulk.isPending}
                onClick={() => decideSelected(ids, (pending) => setRejecting({ ids: pending }))}
                className={buttonClass('secondary', 'sm', 'text-coral-200')}
              >
                <AlertIcon className="size-4" />
                {t('bulk.reject')}
              </button>
            </>
          )}
          empty={
            <EmptyState
              icon={<SearchIcon />}
              title={t('list.empty')}
              description={filtered ? t('list.emptyFiltered') : t('list.emptyAll')}
              clear={filtered ? { label: t('filters.clear'), onClear: reset } : undefined}
            />
          }
        />
      </ListSection>

      <RejectSongsDialog
        target={rejectTarget}
        busy={reject.isPending || bulk.isPending}
        onConfirm={(reason) => {
          if (!rejecting) return;
          if ('song' in rejecting) reject.mutate({ song: rejecting.song, reason });
          else bulk.mutate({ ids: rejecting.ids, action: 'reject', reason });
        }}
        onCancel={() => setRejecting(null)}
      />
      <ChangeDecisionDialog
        song={deciding}
        onDone={(song) => forget([song._id])}
        onRefused={refresh}
        onClose={() => setDeciding(null)}
      />
      <EditSongModal song={editing} onClose={() => setEditing(null)} />
      <BulkUploadModal open={bulkUploading} onClose={() => setBulkUploading(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('delete.title')}
        description={t('delete.description')}
        confirmLabel={t('delete.confirm')}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {deleting && (
          <p className="mt-4 rounded-xl bg-white/[0.04] px-4 py-3 font-semibold text-ink-50">
            <bdi>{deleting.title}</bdi> · <bdi className="font-normal text-ink-300">{deleting.artist}</bdi>
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}

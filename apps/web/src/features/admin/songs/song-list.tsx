import type { AdminSong } from '@ovation/shared/schemas/admin-songs';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type SortState } from '../../../components/data/data-table';
import { SortBar } from '../../../components/data/sort-bar';
import { buttonClass } from '../../../components/ui/button-styles';
import {
  ModerationReason,
  SongActions,
  type SongRowHandlers,
  SongThumbnail,
  StatusBadge,
  useDateFormat,
} from './song-parts';

interface SongListProps {
  songs: readonly AdminSong[] | undefined;
  loading: boolean;
  empty: ReactNode;
  handlers: SongRowHandlers;
  selected: ReadonlySet<string>;
  onSelectionChange: (next: Set<string>) => void;
  /** The bulk Approve / Reject buttons for the selected ids. */
  bulkActions: (ids: string[]) => ReactNode;
  /** The server's sort (`sort`, `order`), from the headers on a table and the sort bar on a phone. */
  sort: SortState;
  onSortChange: (sort: SortState) => void;
}

function Description({ song }: { song: AdminSong }) {
  const { t } = useTranslation('admin-songs');
  return song.description ? (
    <p className="mt-1 line-clamp-2 text-sm text-ink-300" dir="auto" title={song.description}>
      {song.description}
    </p>
  ) : (
    <p className="mt-1 text-sm text-ink-500 italic">{t('list.noDescription')}</p>
  );
}

/**
 * The 'Song Submissions' list: a table with row selection from tablet width up, and on a phone one card
 * per song (the page never scrolls sideways). Both read the same selection, so bulk actions work on both.
 */
export function SongList({
  songs,
  loading,
  empty,
  handlers,
  selected,
  onSelectionChange,
  bulkActions,
  sort,
  onSortChange,
}: SongListProps) {
  const { t } = useTranslation('admin-songs');
  const dates = useDateFormat();

  const columns: DataTableColumn<AdminSong>[] = [
    {
      key: 'song',
      header: t('list.song'),
      sortKey: 'title',
      rowHeader: true,
      className: 'w-[36%] min-w-64',
      cell: (song) => (
        <div className="flex min-w-0 items-start gap-3">
          <SongThumbnail song={song} />
          <div className="min-w-0">
            <p className="font-semibold text-ink-50">
              <bdi>{song.title}</bdi>
            </p>
            <p className="text-sm font-normal text-ink-300">
              <bdi>{song.artist}</bdi>
            </p>
            <div className="font-normal">
              <Description song={song} />
            </div>
          </div>
        </div>
      ),
    },
    {
      key: 'category',
      header: t('list.category'),
      sortKey: 'category',
      cell: (song) => <bdi className="text-ink-200">{song.category.name}</bdi>,
    },
    {
      key: 'created',
      header: t('list.created'),
      sortKey: 'createdAt',
      className: 'whitespace-nowrap',
      cell: (song) => <time dateTime={song.createdAt}>{dates.format(new Date(song.createdAt))}</time>,
    },
    {
      key: 'status',
      header: t('list.status'),
      sortKey: 'status',
      cell: (song) => (
        <div className="max-w-48">
          <StatusBadge status={song.status} />
          <ModerationReason song={song} />
        </div>
      ),
    },
    {
      key: 'actions',
      header: <span className="sr-only">{t('list.actions')}</span>,
      align: 'end',
      className: 'whitespace-nowrap',
      cell: (song) => <SongActions song={song} handlers={handlers} layout="row" />,
    },
  ];

  if (songs && songs.length === 0 && !loading) return <>{empty}</>;

  return (
    <>
      <div className="hidden lg:block">
        <DataTable
          label={t('list.label')}
          columns={columns}
          rows={songs}
          rowKey={(song) => song._id}
          loading={loading}
          empty={empty}
          selection={{ selected, onChange: onSelectionChange, rowLabel: (song) => song.title }}
          bulkActions={bulkActions}
          sort={sort}
          onSortChange={onSortChange}
          minWidthClass="min-w-[56rem]"
        />
      </div>
      <SortBar
        className="mb-3 lg:hidden"
        sort={sort}
        onSortChange={onSortChange}
        options={columns.flatMap((column) =>
          column.sortKey ? [{ key: column.sortKey, label: String(column.header) }] : [],
        )}
      />
      <SongCards
        songs={songs}
        loading={loading}
        handlers={handlers}
        selected={selected}
        onSelectionChange={onSelectionChange}
        bulkActions={bulkActions}
      />
    </>
  );
}

/** Phones and small tablets: one card per song, with its checkbox, and the bulk bar above the cards. */
function SongCards({
  songs,
  loading,
  handlers,
  selected,
  onSelectionChange,
  bulkActions,
}: Omit<SongListProps, 'empty' | 'sort' | 'onSortChange'>) {
  const { t, i18n } = useTranslation('admin-songs');
  const { t: tAdmin } = useTranslation('admin');
  const dates = useDateFormat();
  const ids = songs?.map((song) => song._id) ?? [];
  const selectedIds = ids.filter((id) => selected.has(id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onSelectionChange(next);
  };

  return (
    <div className="lg:hidden">
      <ul
        aria-label={t('list.label')}
        aria-busy={loading || undefined}
        className={`flex flex-col gap-3 ${loading && songs ? 'opacity-60' : ''}`}
      >
        {songs === undefined
          ? Array.from({ length: 3 }, (_, index) => (
              <li key={index} aria-hidden="true" className="h-40 animate-pulse rounded-2xl bg-white/[0.04]" />
            ))
          : songs.map((song) => (
              <li key={song._id}>
                <article
                  aria-labelledby={`song-card-${song._id}`}
                  className={`rounded-2xl border p-3 ${selected.has(song._id) ? 'border-gold-400/40 bg-gold-400/[0.05]' : 'border-white/10 bg-ink-900/60'}`}
                >
                  <div className="flex items-start gap-3">
                    <input
                      type="checkbox"
                      aria-label={tAdmin('kit.table.selectRow', { name: song.title })}
                      checked={selected.has(song._id)}
                      onChange={() => toggle(song._id)}
                      className="mt-1 size-5 shrink-0 cursor-pointer rounded accent-gold-400"
                    />
                    <SongThumbnail song={song} className="size-16" />
                    <div className="min-w-0 flex-1">
                      <StatusBadge status={song.status} />
                      <h3
                        id={`song-card-${song._id}`}
                        className="mt-1.5 font-semibold break-words text-ink-50"
                      >
                        <bdi>{song.title}</bdi>
                      </h3>
                      <p className="text-sm break-words text-ink-300">
                        <bdi>{song.artist}</bdi>
                      </p>
                      <p className="mt-1 text-xs text-ink-400">
                        <bdi>{song.category.name}</bdi>
                        {' · '}
                        <time dateTime={song.createdAt}>{dates.format(new Date(song.createdAt))}</time>
                      </p>
                    </div>
                  </div>
                  <Description song={song} />
                  <ModerationReason song={song} />
                  <div className="mt-3 border-t border-white/[0.06] pt-3">
                    <SongActions song={song} handlers={handlers} layout="card" />
                  </div>
                </article>
              </li>
            ))}
      </ul>
      {/* After the cards, held at the bottom of the screen while they scroll: within a thumb's reach. */}
      {selectedIds.length > 0 && (
        <div className="sticky bottom-3 z-10 mt-3 rounded-2xl border border-gold-400/30 bg-ink-900/95 p-3 shadow-lg shadow-black/40 backdrop-blur">
          <div className="flex items-center justify-between gap-2">
            <p className="ps-1 text-sm font-semibold text-gold-200" aria-live="polite">
              {tAdmin('kit.table.selected', {
                number: new Intl.NumberFormat(i18n.language).format(selectedIds.length),
              })}
            </p>
            <button
              type="button"
              onClick={() => onSelectionChange(new Set())}
              className={buttonClass('ghost', 'sm')}
            >
              {tAdmin('kit.table.clearSelection')}
            </button>
          </div>
          <div className="mt-2 grid grid-cols-2 gap-2 [&>button]:w-full [&>button]:px-2">
            {bulkActions(selectedIds)}
          </div>
        </div>
      )}
    </div>
  );
}

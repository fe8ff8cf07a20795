import type { Song } from '@ovation/shared';
import { Fragment, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BetweenSongsAd, WithAdSidebar } from '../../../components/ads/ad-slot';
import { Pager } from '../../../components/data/pager';
import { StatTiles } from '../../../components/data/stat-tiles';
import { buttonClass } from '../../../components/ui/button-styles';
import { BallotIcon, BarChartIcon, GridIcon, MusicIcon, UsersIcon } from '../../../components/ui/icons';
import { LoadFailed } from '../../../components/ui/load-failed';
import { useCategories } from '../../../domain/categories/api/use-categories';
import { useSongList } from '../../../domain/songs/api/use-songs';
import { FilterIcon } from '../../../domain/songs/components/song-icons';
import { useStats } from '../../../domain/stats/api/use-stats';
import { i18next } from '../../../lib/i18n';
import { hasRole, useSession } from '../../../lib/session';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CollapsibleSection } from '../components/collapsible-section';
import { SongListCard } from '../components/song-list-card';
import { SongsToolbar } from '../components/songs-toolbar';
import {
  readSongsFilters,
  type SongsFilterState,
  toSongListParams,
  writeSongsFilters,
} from '../songs-query-state';

// The page's strings start loading with its code, not after the first render.
void i18next.loadNamespaces('songs');

const PlayerModal = lazy(() => import('../../../components/player/player-modal'));
const VotersModal = lazy(() => import('../components/voters-modal'));
const CopySongModal = lazy(() => import('../components/copy-song-modal'));

/** 300 ms: the spec's search debounce. */
const SEARCH_DEBOUNCE_MS = 300;

type Dialog = { kind: 'player' | 'voters' | 'copy'; song: Song } | null;

/** /songs (the public spec): search, category, sort, 12 a page; filters live in the address. */
export default function SongsPage() {
  const { t } = useTranslation('songs');
  const { t: tMain } = useTranslation();
  useDocumentTitle(tMain('meta.pageTitle', { page: t('list.title') }));
  const session = useSession();
  const isAdmin = hasRole(session, ['admin']);
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readSongsFilters(searchParams, isAdmin);
  const songs = useSongList(toSongListParams(filters));
  const categories = useCategories();
  const stats = useStats();
  const [dialog, setDialog] = useState<Dialog>(null);
  const listTop = useRef<HTMLDivElement>(null);

  const update = (next: Partial<SongsFilterState>, options: { replace?: boolean } = {}) => {
    const merged = { ...filters, page: 1, ...next };
    setSearchParams(writeSongsFilters(merged), {
      replace: options.replace ?? false,
      preventScrollReset: true,
    });
  };

  // The box shows what is typed at once; the address (and the query) follows 300 ms after typing stops.
  const [searchText, setSearchText] = useState(filters.search);
  const lastPushed = useRef(filters.search);
  useEffect(() => {
    // Back/forward changed the address: show its search in the box.
    if (filters.search !== lastPushed.current) {
      lastPushed.current = filters.search;
      setSearchText(filters.search);
    }
  }, [filters.search]);
  useEffect(() => {
    if (searchText.trim() === filters.search.trim()) return;
    const timer = window.setTimeout(() => {
      lastPushed.current = searchText.trim();
      update({ search: searchText }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  });

  const goToPage = (page: number) => {
    update({ page });
    listTop.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };
  const clearFilters = () => {
    lastPushed.current = '';
    setSearchText('');
    setSearchParams(new URLSearchParams(), { preventScrollReset: true });
  };

  const pagination = songs.data?.pagination;
  const items = songs.data?.data ?? [];
  const filtered = filters.search !== '' || filters.category !== '';
  const openSong = (song: Song) => setDialog({ kind: isAdmin ? 'voters' : 'player', song });

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 sm:py-12 lg:px-8">
      <header className="max-w-3xl">
        <p className="text-sm font-semibold tracking-wide text-gold-300 uppercase">{t('list.kicker')}</p>
        <h1 className="mt-2 font-display text-3xl font-black tracking-tight text-ink-50 sm:text-5xl">
          {t('list.title')}
        </h1>
        <p className="mt-3 text-ink-300 sm:text-lg">{t('list.description')}</p>
      </header>

      <div className="mt-8 grid grid-cols-1 gap-3">
        <CollapsibleSection title={t('list.stats')} icon={<BarChartIcon />} defaultOpen={false}>
          <StatTiles
            numbers="abbreviated"
            tiles={[
              { key: 'songs', label: t('stats.songs'), value: stats.data?.totalSongs, icon: <MusicIcon /> },
              {
                key: 'categories',
                label: t('stats.categories'),
                value: categories.data?.length,
                icon: <GridIcon />,
              },
              { key: 'votes', label: t('stats.votes'), value: stats.data?.totalVotes, icon: <BallotIcon /> },
              { key: 'fans', label: t('stats.fans'), value: stats.data?.totalUsers, icon: <UsersIcon /> },
            ]}
          />
        </CollapsibleSection>
        <CollapsibleSection title={t('list.filters')} icon={<FilterIcon />} defaultOpen>
          <SongsToolbar
            searchText={searchText}
            onSearchText={setSearchText}
            category={filters.category}
            onCategory={(category) => update({ category })}
            sort={filters.sort}
            onSort={(sort) => update({ sort })}
            categories={categories.data}
            isAdmin={isAdmin}
          />
        </CollapsibleSection>
      </div>

      <WithAdSidebar sidebarClassName="xl:mt-8">
        <div ref={listTop} className="scroll-mt-24 pt-8">
          <div className="mb-4 flex min-h-6 flex-wrap items-center justify-between gap-2" aria-live="polite">
            {pagination && (
              <p className="text-sm text-ink-300">
                {t('list.resultCount', { count: pagination.total })}
                {songs.isPlaceholderData && <span className="sr-only">{tMain('common.loading')}</span>}
              </p>
            )}
            {filtered && items.length > 0 && (
              <button
                type="button"
                onClick={clearFilters}
                className="text-sm font-semibold text-gold-300 hover:underline"
              >
                {t('list.clearFilters')}
              </button>
            )}
          </div>

          {songs.isPending ? (
            <ul
              aria-hidden="true"
              className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 lg:gap-5"
            >
              {Array.from({ length: 8 }, (_, index) => (
                <li key={index} className="overflow-hidden rounded-2xl bg-white/[0.04]">
                  <div className="aspect-square animate-pulse bg-white/[0.06]" />
                  <div className="h-40" />
                </li>
              ))}
            </ul>
          ) : songs.isError ? (
            <LoadFailed message={t('list.loadFailed')} onRetry={() => void songs.refetch()} />
          ) : items.length === 0 ? (
            <div className="rounded-3xl border border-white/[0.08] bg-ink-900/60 px-6 py-14 text-center">
              <MusicIcon className="mx-auto size-10 text-gold-300" />
              <p className="mt-4 text-xl font-bold text-ink-50">{t('list.emptyTitle')}</p>
              <p className="mt-2 text-ink-300">{filtered ? t('list.emptyFiltered') : t('list.emptyText')}</p>
              {filtered && (
                <button type="button" onClick={clearFilters} className={buttonClass('primary', 'md', 'mt-6')}>
                  {t('list.clearFilters')}
                </button>
              )}
            </div>
          ) : (
            <ul
              className={`grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 lg:gap-5 ${songs.isPlaceholderData ? 'opacity-60' : ''}`}
            >
              {items.map((song, index) => (
                <Fragment key={song._id}>
                  <li className="flex">
                    <SongListCard
                      song={song}
                      isAdmin={isAdmin}
                      priority={index < 4}
                      onOpen={openSong}
                      onCopy={(target) => setDialog({ kind: 'copy', song: target })}
                    />
                  </li>
                  {/* A whole row on two or three columns; beside the 5th and 6th cards on four. */}
                  <BetweenSongsAd
                    index={index}
                    total={items.length}
                    className="col-span-full lg:col-span-2"
                  />
                </Fragment>
              ))}
            </ul>
          )}

          {pagination && (
            <Pager page={pagination.page} pages={pagination.pages} onPage={goToPage} className="mt-10" />
          )}
        </div>
      </WithAdSidebar>

      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === 'player' && (
            <PlayerModal song={dialog.song} open onClose={() => setDialog(null)} />
          )}
          {dialog.kind === 'voters' && <VotersModal song={dialog.song} onClose={() => setDialog(null)} />}
          {dialog.kind === 'copy' && <CopySongModal song={dialog.song} onClose={() => setDialog(null)} />}
        </Suspense>
      )}
    </div>
  );
}

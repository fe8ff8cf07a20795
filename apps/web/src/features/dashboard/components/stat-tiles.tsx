import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { BallotIcon, MusicIcon, UsersIcon } from '../../../components/ui/icons';
import type { ArtistStats } from '../../../domain/songs/api/artist-queries';
import { abbreviateNumber } from '../../../lib/format-number';
import { averageVotesPerSong } from '../dashboard-figures';
import { ChartIcon, EyeIcon } from './dashboard-icons';

type TileKey = 'totalSongs' | 'totalVotes' | 'totalViews' | 'totalArtists' | 'averageVotes';

const TILES: { key: TileKey; Icon: ComponentType<SVGProps<SVGSVGElement>>; tone: string }[] = [
  { key: 'totalSongs', Icon: MusicIcon, tone: 'text-coral-300 bg-coral-400/10' },
  { key: 'totalVotes', Icon: BallotIcon, tone: 'text-jade-300 bg-jade-400/10' },
  { key: 'totalViews', Icon: EyeIcon, tone: 'text-gold-300 bg-gold-400/10' },
  { key: 'totalArtists', Icon: UsersIcon, tone: 'text-jade-300 bg-jade-400/10' },
  { key: 'averageVotes', Icon: ChartIcon, tone: 'text-coral-300 bg-coral-400/10' },
];

/**
 * The five tiles: Total Songs, Total Votes, Total Views, Total Artists and Avg Votes/Song. Counts are
 * abbreviated (1.2k+) with the exact figure for assistive technology; the average keeps one decimal.
 */
export function StatTiles({ stats, loading }: { stats: ArtistStats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation('dashboard');
  const exact = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const values: Record<TileKey, number> = {
    totalSongs: stats?.totalSongs ?? 0,
    totalVotes: stats?.totalVotes ?? 0,
    totalViews: stats?.totalViews ?? 0,
    totalArtists: stats?.totalArtists ?? 0,
    averageVotes: averageVotesPerSong(stats?.totalVotes ?? 0, stats?.totalSongs ?? 0),
  };

  return (
    <section aria-labelledby="dashboard-stats">
      <h2 id="dashboard-stats" className="sr-only">
        {t('stats.title')}
      </h2>
      {/* A tile is a div of the list holding only its dt and dd (valid list markup); the icon sits in the
          dt, placed in the tile's padding. One column when two would not fit (a zoomed phone). */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,8rem),1fr))] gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-5">
        {TILES.map(({ key, Icon, tone }, index) => {
          const value = values[key];
          const shown =
            key === 'averageVotes' && value < 1000
              ? exact.format(value)
              : abbreviateNumber(value, i18n.language);
          return (
            <div
              key={key}
              className={`relative flex min-w-0 flex-col-reverse justify-center rounded-2xl border border-white/[0.08] bg-ink-900/80 p-4 ps-[4.5rem] ${
                index === TILES.length - 1 ? 'col-span-full sm:col-span-1' : ''
              }`}
            >
              <dt className="text-sm leading-tight text-ink-300">
                <span
                  aria-hidden="true"
                  className={`absolute start-4 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-xl ${tone}`}
                >
                  <Icon className="size-5" />
                </span>
                {t(`stats.${key}`)}
              </dt>
              <dd className="font-display text-2xl font-extrabold tracking-tight text-ink-50 tabular-nums">
                {loading ? (
                  <span className="my-1.5 block h-6 w-12 animate-pulse rounded-md bg-white/10" />
                ) : (
                  <>
                    <span aria-hidden="true" dir="auto" className="inline-block">
                      {shown}
                    </span>
                    <span className="sr-only">{exact.format(value)}</span>
                  </>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </section>
  );
}

import type { Stats } from '@ovation/shared';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { BallotIcon, GridIcon, MusicIcon, UsersIcon } from '../../../components/ui/icons';
import { abbreviateNumber } from '../../../lib/format-number';

type StatKey = 'statsCategories' | 'statsSongs' | 'statsVotes' | 'statsFans';

const TILES: {
  key: StatKey;
  field: keyof Stats;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: string;
}[] = [
  { key: 'statsCategories', field: 'totalCategories', Icon: GridIcon, tone: 'text-gold-300 bg-gold-400/10' },
  { key: 'statsSongs', field: 'totalSongs', Icon: MusicIcon, tone: 'text-coral-300 bg-coral-400/10' },
  { key: 'statsVotes', field: 'totalVotes', Icon: BallotIcon, tone: 'text-jade-300 bg-jade-400/10' },
  { key: 'statsFans', field: 'totalUsers', Icon: UsersIcon, tone: 'text-gold-300 bg-gold-400/10' },
];

/** The four public totals, abbreviated (1.2k+) with the exact figure for assistive technology. */
export function StatsSection({ stats, loading }: { stats: Stats | undefined; loading: boolean }) {
  const { t, i18n } = useTranslation();
  const numberFormat = new Intl.NumberFormat(i18n.language);

  return (
    <section aria-labelledby="home-stats" className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
      <h2 id="home-stats" className="sr-only">
        {t('home.statsTitle')}
      </h2>
      {/* A tile is a div of the list holding only its dt and dd (valid list markup); the icon sits in the
          dt, placed in the tile's padding. One column when two would not fit (a zoomed phone). */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,8rem),1fr))] gap-3 sm:grid-cols-2 sm:gap-4 lg:grid-cols-4">
        {TILES.map(({ key, field, Icon, tone }) => {
          const value = stats?.[field] ?? 0;
          return (
            <div
              key={key}
              className="relative flex min-w-0 flex-col-reverse justify-center rounded-2xl border border-white/[0.08] bg-ink-900/80 p-4 ps-[4.5rem] sm:p-5 sm:ps-[5.25rem]"
            >
              <dt className="truncate text-sm text-ink-300">
                <span
                  aria-hidden="true"
                  className={`absolute start-4 top-1/2 grid size-11 -translate-y-1/2 place-items-center rounded-xl sm:start-5 sm:size-12 ${tone}`}
                >
                  <Icon className="size-5 sm:size-6" />
                </span>
                {t(`home.${key}`)}
              </dt>
              <dd className="font-display text-xl font-extrabold tracking-tight text-ink-50 tabular-nums sm:text-3xl">
                {loading ? (
                  <span className="my-1.5 block h-6 w-14 animate-pulse rounded-md bg-white/10" />
                ) : (
                  <>
                    <span aria-hidden="true" dir="auto" className="inline-block">
                      {abbreviateNumber(value, i18n.language)}
                    </span>
                    <span className="sr-only">{numberFormat.format(value)}</span>
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

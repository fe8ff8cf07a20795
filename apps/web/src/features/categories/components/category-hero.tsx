import type { Category } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../../components/ui/icons';
import { regionName } from '../../../lib/region-name';

interface CategoryHeroProps {
  category: Category;
  songCount: number;
  /** Vote totals, for admins and, once the results are published, for everyone (else null). */
  totals: { votes: number; average: number } | null;
  /** The song this fan voted for in the category, when the vote is recent. */
  votedSongTitle: string | null;
}

/** Type badge, region, icon, name, description, song count; vote totals when shown; the voted badge. */
export function CategoryHero({ category, songCount, totals, votedSongTitle }: CategoryHeroProps) {
  const { t, i18n } = useTranslation('categories');
  const { t: tMain } = useTranslation();
  const numbers = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
  const continental = category.type === 'continental';
  const accent = { '--accent': category.color || '#f7c04a' } as CSSProperties;
  const words = localizeCategory(category, i18n.language);

  return (
    <section
      style={accent}
      className="relative mt-6 overflow-hidden rounded-3xl border border-white/[0.08] bg-ink-900 p-6 sm:p-10"
    >
      <div
        aria-hidden="true"
        className="absolute -end-24 -top-24 size-72 rounded-full bg-[color-mix(in_oklab,var(--accent)_30%,transparent)] blur-3xl"
      />
      <div className="relative flex flex-col gap-5 sm:flex-row sm:items-center">
        <span
          aria-hidden="true"
          className="grid size-20 shrink-0 place-items-center rounded-3xl bg-[color-mix(in_oklab,var(--accent)_22%,transparent)] text-5xl ring-1 ring-[color-mix(in_oklab,var(--accent)_45%,transparent)]"
        >
          {category.icon}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={`rounded-full px-3 py-1 text-xs font-semibold ${
                continental ? 'bg-gold-400/15 text-gold-200' : 'bg-jade-400/15 text-jade-300'
              }`}
            >
              {continental ? t('detail.continentalBadge') : t('detail.regionalBadge')}
            </span>
            {category.region && (
              <span className="rounded-full bg-white/[0.06] px-3 py-1 text-xs font-semibold text-ink-200">
                {regionName(category.region, (key) => tMain(key))}
              </span>
            )}
            {votedSongTitle && (
              <span className="inline-flex items-center gap-1.5 rounded-full bg-jade-400/15 px-3 py-1 text-xs font-semibold text-jade-300 ring-1 ring-jade-400/40">
                <CheckIcon className="size-3.5" />
                {t('detail.votedBadge')}
              </span>
            )}
          </div>
          <h1 className="mt-3 font-display text-3xl leading-tight font-black tracking-tight text-ink-50 sm:text-5xl">
            <bdi>{words.name}</bdi>
          </h1>
          {words.description && (
            <p dir="auto" className="mt-3 max-w-3xl text-ink-300 sm:text-lg">
              {words.description}
            </p>
          )}
          {votedSongTitle && (
            <p className="mt-3 text-sm text-jade-300">
              {t('detail.votedFor', { title: `\u2068${votedSongTitle}\u2069` })}
            </p>
          )}
          <dl className="mt-5 flex flex-wrap gap-x-8 gap-y-3">
            <div>
              <dt className="text-xs text-ink-400">{t('detail.songsLabel')}</dt>
              <dd className="text-2xl font-black text-ink-50 tabular-nums">{numbers.format(songCount)}</dd>
            </div>
            {totals && (
              <>
                <div>
                  <dt className="text-xs text-ink-400">{t('detail.totalVotes')}</dt>
                  <dd className="text-2xl font-black text-jade-300 tabular-nums">
                    {numbers.format(totals.votes)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs text-ink-400">{t('detail.averageVotes')}</dt>
                  <dd className="text-2xl font-black text-jade-300 tabular-nums">
                    {numbers.format(totals.average)}
                  </dd>
                </div>
              </>
            )}
          </dl>
        </div>
      </div>
    </section>
  );
}

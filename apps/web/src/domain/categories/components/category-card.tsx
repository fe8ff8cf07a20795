import type { CategoryTranslations } from '@ovation/shared';
import { localizeCategory } from '@ovation/shared/category-words';
import type { CategoryType } from '@ovation/shared/constants';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowEndIcon } from '../../../components/ui/icons';
import { regionName } from '../../../lib/region-name';

export interface CategoryCardData {
  _id: string;
  name: string;
  translations?: CategoryTranslations;
  type: CategoryType;
  region: string | null;
  icon: string;
  color?: string;
  totalSongs: number;
  /** Admins only (the server sends it to them alone). */
  totalVotes?: number;
}

/**
 * A category tile linking to its page: icon, type badge, name, song count. The name is a heading one level
 * under the list's own (`h2` straight under a page's `h1`, `h3` under a section's `h2`), so the outline
 * never skips a level.
 */
export function CategoryCard({
  category,
  href,
  headingLevel: Heading = 'h3',
}: {
  category: CategoryCardData;
  href?: string;
  headingLevel?: 'h2' | 'h3';
}) {
  const { t, i18n } = useTranslation();
  const accent = { '--accent': category.color ?? '#f7c04a' } as CSSProperties;
  const continental = category.type === 'continental';

  return (
    <Link
      to={href ?? `/categories/${category._id}`}
      style={accent}
      className="group relative flex h-full items-start gap-4 overflow-hidden rounded-2xl border border-white/[0.08] bg-ink-900 p-4 transition-colors hover:border-gold-400/40 hover:bg-ink-850 sm:p-5"
    >
      <span
        aria-hidden="true"
        className="grid size-12 shrink-0 place-items-center rounded-xl bg-[color-mix(in_oklab,var(--accent)_22%,transparent)] text-2xl ring-1 ring-[color-mix(in_oklab,var(--accent)_40%,transparent)]"
      >
        {category.icon}
      </span>
      {/* A div, not a span: the heading inside is block content, which a span may not hold. */}
      <div className="min-w-0 flex-1">
        <span
          className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${
            continental ? 'bg-gold-400/15 text-gold-200' : 'bg-jade-400/15 text-jade-300'
          }`}
        >
          {continental ? t('categories.continental') : t('categories.regional')}
        </span>
        <Heading className="mt-1.5 text-base leading-snug font-bold text-ink-50 sm:text-lg">
          <bdi>{localizeCategory(category, i18n.language).name}</bdi>
        </Heading>
        <span className="mt-1 block text-sm text-ink-400">
          {t('categories.songCount', { count: category.totalSongs })}
          {category.region && ` · ${regionName(category.region, (key) => t(key))}`}
        </span>
        {category.totalVotes !== undefined && (
          <span className="mt-1 block text-sm font-medium text-jade-300">
            {t('songs.votes', { count: category.totalVotes })}
          </span>
        )}
      </div>
      <ArrowEndIcon className="mt-1 size-5 shrink-0 text-ink-500 transition-colors group-hover:text-gold-300" />
    </Link>
  );
}

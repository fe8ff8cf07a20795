import { CATEGORY_TRANSLATION_LANGUAGES, localizeCategory } from '@ovation/shared/category-words';
import type { Category } from '@ovation/shared/schemas/catalog';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button-styles';
import { EditIcon, type IconProps, StrokeIcon } from '../../../components/ui/icons';
import { regionName } from '../../../lib/region-name';

interface CategoryAdminCardProps {
  category: Category;
  /** The most votes any category has: the bar shows this category's share of it. */
  maxVotes: number;
  onEdit: (category: Category) => void;
  onDelete: (category: Category) => void;
}

/** The card's lighter bin (no inner lines): it reads at 16 px beside the word Delete. */
const TrashIcon = (props: IconProps) => (
  <StrokeIcon {...props}>
    <path d="M3 6h18" />
    <path d="M8 6V4h8v2" />
    <path d="M19 6l-1 14H6L5 6" />
  </StrokeIcon>
);

/**
 * One category on the management screen (the admin spec): icon on its colour, name and description in the
 * admin's language, type badge, region, song count (every status), total votes with a bar relative to
 * the most voted category, the languages it is translated into, Edit and Delete (disabled, with the
 * reason beside it, while songs remain).
 */
export function CategoryAdminCard({ category, maxVotes, onEdit, onDelete }: CategoryAdminCardProps) {
  const { t, i18n } = useTranslation('admin-categories');
  const { t: tShell } = useTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  const words = localizeCategory(category, i18n.language);
  const songs = category.songCount ?? category.totalSongs;
  const votes = category.totalVotes ?? 0;
  const share = maxVotes > 0 ? Math.round((votes / maxVotes) * 100) : 0;
  const continental = category.type === 'continental';
  // A category that still holds songs cannot be deleted (the server refuses): the button says why at once.
  const blocked = songs > 0 || votes > 0;
  const blockedId = `category-${category._id}-delete-blocked`;
  const accent = { '--accent': category.color } as CSSProperties;

  return (
    <article
      style={accent}
      aria-labelledby={`category-${category._id}`}
      className="flex h-full flex-col rounded-2xl border border-white/[0.08] bg-ink-900 p-4 sm:p-5"
    >
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className="grid size-12 shrink-0 place-items-center rounded-xl bg-[color-mix(in_oklab,var(--accent)_22%,transparent)] text-2xl ring-1 ring-[color-mix(in_oklab,var(--accent)_45%,transparent)]"
        >
          {category.icon}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span
              className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${
                continental ? 'bg-gold-400/15 text-gold-200' : 'bg-jade-400/15 text-jade-300'
              }`}
            >
              {continental ? t('card.continental') : t('card.regional')}
            </span>
            {category.region && (
              <span className="text-xs text-ink-300">
                {regionName(category.region, (key) => tShell(key))}
              </span>
            )}
            <span className="ms-auto rounded-full bg-white/[0.06] px-2 py-0.5 text-xs text-ink-300 tabular-nums">
              {t('card.sortOrder', { value: number.format(category.sortOrder) })}
            </span>
          </div>
          <h3 id={`category-${category._id}`} className="mt-1.5 text-lg leading-snug font-bold text-ink-50">
            <Link to={`/categories/${category._id}`} className="hover:text-gold-200 hover:underline">
              <bdi>{words.name}</bdi>
            </Link>
          </h3>
          {words.name !== category.name && (
            <p className="text-xs text-ink-400" lang="en" dir="ltr">
              <bdi>{category.name}</bdi>
            </p>
          )}
        </div>
      </div>

      {words.description && (
        <p dir="auto" title={words.description} className="mt-3 line-clamp-3 text-sm text-ink-300">
          {words.description}
        </p>
      )}

      <p className="mt-4 flex items-baseline justify-between gap-3 text-sm">
        <span className="font-semibold text-ink-100">{t('card.songs', { count: songs })}</span>
        <span className="font-semibold text-jade-300">{t('card.votes', { count: votes })}</span>
      </p>
      {/* The bar repeats the vote count above it for the eye: the share of the most voted category. */}
      <div
        aria-hidden="true"
        title={t('card.voteShare')}
        className="mt-2 h-2 overflow-hidden rounded-full bg-white/[0.06]"
      >
        <div className="h-full rounded-full bg-[var(--accent)]" style={{ inlineSize: `${share}%` }} />
      </div>

      <ul aria-label={t('form.translations')} className="mt-4 flex flex-wrap gap-1.5">
        {CATEGORY_TRANSLATION_LANGUAGES.map((code) => {
          const done = Boolean(category.translations[code]?.name || category.translations[code]?.description);
          return (
            <li
              key={code}
              className={`rounded-md px-1.5 py-0.5 text-xs font-semibold uppercase ${
                done ? 'bg-jade-400/15 text-jade-300' : 'bg-white/[0.04] text-ink-500 line-through'
              }`}
            >
              {code}
            </li>
          );
        })}
      </ul>

      <div className="mt-auto flex gap-2 pt-4">
        <button
          type="button"
          onClick={() => onEdit(category)}
          aria-label={t('card.editLabel', { name: words.name })}
          className={buttonClass('secondary', 'sm', 'flex-1')}
        >
          <EditIcon className="size-4" />
          {t('card.edit')}
        </button>
        <button
          type="button"
          onClick={() => onDelete(category)}
          disabled={blocked}
          aria-label={t('card.deleteLabel', { name: words.name })}
          aria-describedby={blocked ? blockedId : undefined}
          className={buttonClass('ghost', 'sm', 'flex-1 text-coral-300 hover:bg-coral-500/10')}
        >
          <TrashIcon className="size-4" />
          {t('card.delete')}
        </button>
      </div>
      {blocked && (
        <p id={blockedId} className="mt-2 text-xs text-ink-400">
          {t('card.deleteBlocked', { songs: t('card.songs', { count: songs }) })}
        </p>
      )}
    </article>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber, adminFigure } from '../../lib/format-number';

export interface StatTile {
  key: string;
  label: string;
  /** undefined while loading: a dash shows. */
  value: number | undefined;
  icon: ReactNode;
  /** Shown instead of the abbreviated number (a percentage, a duration), already formatted. */
  display?: string;
}

/**
 * Small figures in a row. `numbers` 'exact' (the default, for admins who need the exact number) writes
 * each figure out in full (1,437) and shortens it only when it would not fit (12.3M+), with the exact
 * figure in a tooltip; 'abbreviated' (the public pages) always shortens in the reader's language (1.2k+,
 * 1,2 k+, 1.2 ألف+; isolated so the "+" ends the figure in either direction of text). The exact figure
 * is always there for assistive technology. Two columns on a phone, four from `sm` (`columns` changes
 * the wide count).
 */
export function StatTiles({
  tiles,
  columns = 4,
  numbers = 'exact',
}: {
  tiles: StatTile[];
  columns?: 2 | 3 | 4 | 5;
  numbers?: 'exact' | 'abbreviated';
}) {
  const { i18n } = useTranslation();
  const exact = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const figure = (value: number) =>
    numbers === 'exact' ? adminFigure(value, i18n.language).shown : abbreviateNumber(value, i18n.language);
  const wide = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4', 5: 'sm:grid-cols-5' }[
    columns
  ];
  return (
    <dl className={`grid grid-cols-[repeat(auto-fit,minmax(min(100%,8rem),1fr))] gap-3 ${wide}`}>
      {tiles.map((tile) => {
        const shown = tile.value === undefined ? '–' : (tile.display ?? figure(tile.value));
        const spoken = tile.value === undefined ? '–' : (tile.display ?? exact.format(tile.value));
        return (
          // A tile holds only its dt and dd (valid list markup); the icon sits in the dt, in the padding.
          <div
            key={tile.key}
            className="relative flex min-w-0 flex-col justify-center rounded-2xl bg-ink-950/60 p-3 ps-16 ring-1 ring-white/[0.06]"
          >
            <dt className="text-xs leading-snug text-pretty text-ink-400">
              <span
                aria-hidden="true"
                className="absolute start-3 top-1/2 grid size-10 -translate-y-1/2 place-items-center rounded-xl bg-gold-400/10 text-gold-300"
              >
                {tile.icon}
              </span>
              {tile.label}
            </dt>
            <dd className="text-lg font-bold text-ink-50 tabular-nums">
              {shown === spoken ? (
                shown
              ) : (
                <>
                  <bdi aria-hidden="true" title={spoken}>
                    {shown}
                  </bdi>
                  <span className="sr-only">{spoken}</span>
                </>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

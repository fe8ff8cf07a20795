import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber } from '../../lib/format-number';

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
 * Small figures in a row, abbreviated the spec's way (1.2k+) with the exact figure for assistive
 * technology. Two columns on a phone, four from `sm` (`columns` changes the wide count).
 */
export function StatTiles({ tiles, columns = 4 }: { tiles: StatTile[]; columns?: 2 | 3 | 4 | 5 }) {
  const { i18n } = useTranslation();
  const exact = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const wide = { 2: 'sm:grid-cols-2', 3: 'sm:grid-cols-3', 4: 'sm:grid-cols-4', 5: 'sm:grid-cols-5' }[
    columns
  ];
  return (
    <dl className={`grid grid-cols-2 gap-3 ${wide}`}>
      {tiles.map((tile) => {
        const shown =
          tile.value === undefined ? '–' : (tile.display ?? abbreviateNumber(tile.value, i18n.language));
        const spoken = tile.value === undefined ? '–' : (tile.display ?? exact.format(tile.value));
        return (
          <div
            key={tile.key}
            className="flex items-center gap-3 rounded-2xl bg-ink-950/60 p-3 ring-1 ring-white/[0.06]"
          >
            <span
              aria-hidden="true"
              className="grid size-10 shrink-0 place-items-center rounded-xl bg-gold-400/10 text-gold-300"
            >
              {tile.icon}
            </span>
            <div className="min-w-0">
              <dt className="text-xs leading-snug text-pretty text-ink-400">{tile.label}</dt>
              <dd className="text-lg font-bold text-ink-50 tabular-nums">
                {shown === spoken ? (
                  shown
                ) : (
                  <>
                    <span aria-hidden="true">{shown}</span>
                    <span className="sr-only">{spoken}</span>
                  </>
                )}
              </dd>
            </div>
          </div>
        );
      })}
    </dl>
  );
}

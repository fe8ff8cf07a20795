import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { abbreviateNumber } from '../../../lib/format-number';

export interface StatTile {
  key: string;
  label: string;
  value: number | undefined;
  icon: ReactNode;
}

/** Small figures in a row (abbreviated the spec's way: 1.2k+). */
export function StatTiles({ tiles }: { tiles: StatTile[] }) {
  const { i18n } = useTranslation();
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((tile) => (
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
            <dt className="truncate text-xs text-ink-400">{tile.label}</dt>
            <dd className="text-lg font-bold text-ink-50 tabular-nums">
              {tile.value === undefined ? '–' : abbreviateNumber(tile.value, i18n.language)}
            </dd>
          </div>
        </div>
      ))}
    </dl>
  );
}

/** Thresholds of the spec's abbreviation (spec 1 section 9: 1k+, 1M+, 1B+ with one decimal). */
const UNITS = [
  { size: 1_000_000_000, suffix: 'B' },
  { size: 1_000_000, suffix: 'M' },
  { size: 1_000, suffix: 'k' },
] as const;

/**
 * Shortens a count for stat tiles: 950 -> "950", 1 234 -> "1.2k+", 2 000 000 -> "2M+".
 * Rounds DOWN to one decimal so the "+" stays true (999 999 is "999.9k+", never "1000k+").
 * The digits and decimal mark follow the locale ("1,2k+" in French).
 */
export function abbreviateNumber(value: number, locale = 'en'): string {
  const safe = Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
  const formatter = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  for (const { size, suffix } of UNITS) {
    if (safe >= size) {
      const scaled = Math.floor((safe * 10) / size) / 10;
      return `${formatter.format(scaled)}${suffix}+`;
    }
  }
  return formatter.format(safe);
}

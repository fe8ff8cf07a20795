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

/**
 * "4.2 MB", "820 KB": file sizes as people read them (1 MB = 1024 KB, as the 5 MB limit is counted).
 * Megabytes round UP, so a file just over the limit never reads "5 MB".
 */
export function formatFileSize(bytes: number, locale = 'en'): string {
  const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  if (bytes >= 1024 * 1024) return `${format.format(Math.ceil((bytes / (1024 * 1024)) * 10) / 10)} MB`;
  if (bytes >= 1024) return `${format.format(Math.max(1, Math.round(bytes / 1024)))} KB`;
  return `${format.format(bytes)} B`;
}

/** From here on, counts are shortened (the public spec: 1k+, 1M+, 1B+ with one decimal). */
const ABBREVIATE_FROM = 1_000;

/** One compact formatter per language: building one costs far more than using it, and tiles re-render. */
const compactFormats = new Map<string, Intl.NumberFormat>();

function compactFormat(locale: string): Intl.NumberFormat {
  let format = compactFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      notation: 'compact',
      maximumFractionDigits: 1,
      // Cut, never round up, so the "+" stays true: 1 999 is "1.9k+", 999 999 is "999.9k+", never "1M+".
      roundingMode: 'trunc',
    });
    compactFormats.set(locale, format);
  }
  return format;
}

/**
 * Shortens a count for stat tiles in the reader's language: 950 -> "950", 1 234 -> "1.2k+" in English,
 * "1,2 k+" in French, "1,2 mil+" in Portuguese, "elfu 1.2+" in Swahili, "1.2 ألف+" in Arabic. The digits,
 * decimal mark and unit words are the language's own (Intl compact notation), cut to one decimal; the
 * "+" ends the figure (in Arabic it is written after the unit word, so it reads at the figure's end from
 * the right). English keeps the spec's lowercase "k". Show it isolated (`<bdi>` or `dir="auto"`) so the
 * figure keeps its own direction inside a page of the other one.
 */
export function abbreviateNumber(value: number, locale = 'en'): string {
  const safe = Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
  if (safe < ABBREVIATE_FROM) return new Intl.NumberFormat(locale).format(safe);
  const parts = compactFormat(locale).formatToParts(safe);
  const english = new Intl.Locale(locale).language === 'en';
  const text = parts
    .map((part) => {
      if (english && part.type === 'compact' && part.value === 'K') return 'k';
      // ICU joins figure and unit word with a no-break space; a plain one lets a narrow tile put
      // "elfu" or "ألف" on its own line instead of running out of the tile.
      if (part.type === 'literal') return part.value.replace(/[\u00a0\u202f]/g, ' ');
      return part.value;
    })
    .join('');
  return `${text}+`;
}

/**
 * Up to this many characters a figure fits a stat tile written out in full ("1,234,567" on a phone's
 * two-column row); beyond, the tile shortens it and keeps the exact figure in its tooltip.
 */
const EXACT_FIGURE_MAX_LENGTH = 9;

/**
 * A figure for an admin, who needs the exact number: written out in full in the reader's language
 * (1,437 not "1.4k+"), shortened only when the full figure would not fit a tile. `exact` is always the
 * full figure, for the tooltip and assistive technology.
 */
export function adminFigure(value: number, locale = 'en'): { shown: string; exact: string } {
  const safe = Number.isFinite(value) ? Math.max(0, Math.floor(value)) : 0;
  const exact = new Intl.NumberFormat(locale).format(safe);
  const shown = exact.length <= EXACT_FIGURE_MAX_LENGTH ? exact : abbreviateNumber(safe, locale);
  return { shown, exact };
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

/** A unit Intl spells out in every language: the periods and sizes the legal pages and the admin state. */
export type QuantityUnit = 'minute' | 'hour' | 'day' | 'year' | 'megabyte';

/**
 * "30 days", "3 ans", "سنتان", "miaka 3": Intl knows each language's plural forms and word order,
 * which a single catalog key with a bare {{count}} could not express for Arabic.
 */
export function formatQuantity(amount: number, unit: QuantityUnit, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(amount);
}

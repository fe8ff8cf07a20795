import { escapeMarkup } from '../../lib/escape-markup';
import { createSeededRandom, hashToUint32 } from './deterministic';

/** Covers are square and rendered at the widest COVER_WIDTHS entry (the detail page's hero). */
export const COVER_SIZE = 640;
/** Space kept clear along the cover's edges, as on printed sleeves. */
const MARGIN = 44;
/** A generic stack: DejaVu Sans carries Latin accents and Arabic, and every Linux box has a sans-serif. */
const FONT_FAMILY = 'DejaVu Sans, sans-serif';

/** Colour schemes: deep shadow, mid tone, bright tone, accent. One is picked per song from its hash. */
const PALETTES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['#1B0A3C', '#7B1FA2', '#FF6F3C', '#FFD166'],
  ['#2B1400', '#A0522D', '#F4A300', '#FFE08A'],
  ['#021B35', '#0B6E99', '#2EC4B6', '#CBF3F0'],
  ['#0B3D0B', '#1E7B34', '#F2C14E', '#E63946'],
  ['#12002B', '#5F0F99', '#FF2E93', '#00E5FF'],
  ['#2D1B2E', '#B33F40', '#F08A4B', '#FAD6A5'],
  ['#0A1045', '#1F3FA6', '#7F5AF0', '#F9C80E'],
  ['#04201C', '#0F766E', '#34D399', '#FDE68A'],
  ['#3A0519', '#9D174D', '#F43F5E', '#FECDD3'],
  ['#0F1A3D', '#283D8F', '#5B8DEF', '#F5F3E7'],
  ['#1C1917', '#7C2D12', '#EA580C', '#FDBA74'],
  ['#0A2E1F', '#166534', '#A3E635', '#F0FDF4'],
];

type Palette = (typeof PALETTES)[number];
type Motif = (palette: Palette, random: () => number) => string;

/** Concentric grooves of a vinyl record sliding out of the sleeve, its label in the accent colour. */
const vinyl: Motif = ([deep, , bright, accent], random) => {
  const cx = 400 + random() * 120;
  const cy = 170 + random() * 120;
  const grooves = Array.from({ length: 26 }, (_, index) => {
    const radius = 84 + index * 7;
    return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="none" stroke="#fff" stroke-opacity="${index % 4 === 0 ? 0.13 : 0.05}" stroke-width="1.5"/>`;
  }).join('');
  return `<circle cx="${cx + 10}" cy="${cy + 14}" r="272" fill="#000" opacity="0.3"/>
    <circle cx="${cx}" cy="${cy}" r="270" fill="#0B0B10" opacity="0.92"/>${grooves}
    <path d="M ${cx - 200} ${cy - 150} A 250 250 0 0 1 ${cx + 60} ${cy - 245}" fill="none" stroke="${bright}" stroke-opacity="0.35" stroke-width="6" stroke-linecap="round"/>
    <circle cx="${cx}" cy="${cy}" r="76" fill="${accent}"/>
    <circle cx="${cx}" cy="${cy}" r="52" fill="none" stroke="${deep}" stroke-opacity="0.4" stroke-width="3"/>
    <circle cx="${cx}" cy="${cy}" r="9" fill="${deep}"/>`;
};

/** Layered sound waves rolling across the lower half. */
const waves: Motif = ([, mid, bright, accent], random) => {
  const colours = [accent, bright, mid, '#FFFFFF'];
  return Array.from({ length: 6 }, (_, index) => {
    const baseY = 250 + index * 52;
    const amplitude = 24 + random() * 40;
    const phase = random() * 160;
    const segments = Array.from({ length: 5 }, (_, segment) => {
      const x = segment * 160 - phase;
      const direction = segment % 2 === 0 ? -1 : 1;
      return `Q ${x + 80} ${baseY + direction * amplitude} ${x + 160} ${baseY}`;
    }).join(' ');
    const colour = colours[index % colours.length];
    return `<path d="M ${-phase} ${baseY} ${segments} L 800 640 L -200 640 Z" fill="${colour}" fill-opacity="${0.1 + index * 0.035}"/>`;
  }).join('');
};

/** Overlapping glowing orbs and thin orbit rings, like stage lights out of focus. */
const orbs: Motif = ([, mid, bright, accent], random) => {
  const colours = [accent, bright, mid];
  const discs = Array.from({ length: 8 }, (_, index) => {
    const radius = 30 + random() * 150;
    return `<circle cx="${random() * 640}" cy="${random() * 480}" r="${radius}" fill="${colours[index % 3]}" fill-opacity="${0.12 + random() * 0.28}"/>`;
  }).join('');
  const rings = Array.from({ length: 3 }, (_, index) => {
    return `<circle cx="${320 + random() * 200}" cy="${140 + random() * 160}" r="${120 + index * 70}" fill="none" stroke="${accent}" stroke-opacity="0.35" stroke-width="${2 + index}"/>`;
  }).join('');
  return discs + rings;
};

/** A sun setting behind a savanna horizon, its rays fanning out. */
const sunset: Motif = ([deep, , bright, accent], random) => {
  const cx = 200 + random() * 280;
  const cy = 330;
  const rays = Array.from({ length: 18 }, (_, index) => {
    const start = (index / 18) * Math.PI * 2;
    const end = start + Math.PI / 24;
    const point = (angle: number) => `${cx + Math.cos(angle) * 900} ${cy + Math.sin(angle) * 900}`;
    return `<path d="M ${cx} ${cy} L ${point(start)} L ${point(end)} Z" fill="#FFFFFF" fill-opacity="0.07"/>`;
  }).join('');
  const hills = `M 0 ${cy + 40} C 160 ${cy - 10} 260 ${cy + 60} 400 ${cy + 20} S 600 ${cy + 10} 640 ${cy + 30} L 640 640 L 0 640 Z`;
  return `${rays}<circle cx="${cx}" cy="${cy}" r="130" fill="${accent}" fill-opacity="0.95"/>
    <circle cx="${cx}" cy="${cy}" r="170" fill="${bright}" fill-opacity="0.25"/>
    <path d="${hills}" fill="${deep}" fill-opacity="0.85"/>`;
};

const MOTIFS: readonly Motif[] = [vinyl, waves, orbs, sunset];

/** Big letters for the cover: initials of the lead artist, or of the first two names of a duo ('A&W'). */
export function artistInitials(artist: string): string {
  const leads = artist.split(/\s+(?:ft\.|feat\.)\s+/i)[0]!;
  const names = leads.split(/\s*(?:&|,|\sx\s)\s*/).filter(Boolean);
  const initialOf = (name: string) => Array.from(name.trim())[0]?.toUpperCase() ?? '';
  if (names.length > 1) return `${initialOf(names[0]!)}&${initialOf(names[1]!)}`;
  const words = (names[0] ?? artist).split(/\s+/).filter((word) => /^\p{Lu}/u.test(word));
  return words.slice(0, 2).map(initialOf).join('') || initialOf(artist);
}

/** Rough advance of DejaVu Sans Bold in em: capitals are wider than lower case. */
function estimateWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const character of text) ems += /\p{Lu}/u.test(character) ? 0.8 : character === ' ' ? 0.34 : 0.68;
  return ems * fontSize;
}

/** Greedy word wrap to `maxWidth`; returns undefined when a word alone is too wide. */
function wrapWords(text: string, fontSize: number, maxWidth: number): string[] | undefined {
  const lines: string[] = [];
  for (const word of text.split(/\s+/)) {
    if (estimateWidth(word, fontSize) > maxWidth) return undefined;
    const last = lines[lines.length - 1];
    if (last !== undefined && estimateWidth(`${last} ${word}`, fontSize) <= maxWidth) {
      lines[lines.length - 1] = `${last} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

/** Title sizes tried from largest to smallest, with the lines each may take. */
const TITLE_SIZES = [
  { fontSize: 64, maxLines: 2 },
  { fontSize: 52, maxLines: 2 },
  { fontSize: 42, maxLines: 3 },
  { fontSize: 34, maxLines: 3 },
] as const;

function layoutTitle(title: string) {
  const maxWidth = COVER_SIZE - MARGIN * 2;
  for (const { fontSize, maxLines } of TITLE_SIZES) {
    const lines = wrapWords(title, fontSize, maxWidth);
    if (lines && lines.length <= maxLines) return { fontSize, lines };
  }
  return { fontSize: 30, lines: wrapWords(title, 30, Number.POSITIVE_INFINITY) ?? [title] };
}

/**
 * The SVG of a song's cover: a gradient and abstract motif chosen from the song's hash (so each song keeps
 * its look across runs), the artist's initials in large type and the title and artist at the bottom.
 */
export function buildCoverSvg(title: string, artist: string): string {
  const seed = hashToUint32(`${artist}|${title}`);
  const random = createSeededRandom(seed);
  const palette = PALETTES[seed % PALETTES.length]!;
  const motif = MOTIFS[Math.floor(seed / PALETTES.length) % MOTIFS.length]!;
  const [deep, mid, bright, accent] = palette;
  const angle = random() * Math.PI * 2;
  const gradientEnd = (offset: number) => (0.5 + Math.cos(angle + offset) / 2).toFixed(3);

  const initials = artistInitials(artist);
  const initialsSize = initials.length >= 3 ? 168 : initials.length === 2 ? 210 : 250;
  const { fontSize, lines } = layoutTitle(title);
  const rightToLeft = /\p{Script=Arabic}/u.test(title);
  const titleX = rightToLeft ? COVER_SIZE - MARGIN : MARGIN;
  const anchor = rightToLeft ? 'end' : 'start';
  const artistSize = Math.min(26, Math.floor((COVER_SIZE - MARGIN * 2) / (artist.length * 0.6)));
  const artistY = COVER_SIZE - MARGIN;
  const lineHeight = Math.round(fontSize * 1.08);
  const lastTitleY = artistY - artistSize - 22;
  const firstTitleY = lastTitleY - (lines.length - 1) * lineHeight;
  const titleLines = lines
    .map(
      (line, index) =>
        `<tspan x="${titleX}" y="${firstTitleY + index * lineHeight}">${escapeMarkup(line)}</tspan>`,
    )
    .join('');
  const barY = firstTitleY - fontSize - 18;

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}" viewBox="0 0 ${COVER_SIZE} ${COVER_SIZE}">
  <defs>
    <linearGradient id="background" x1="${gradientEnd(0)}" y1="${gradientEnd(Math.PI / 2)}" x2="${gradientEnd(Math.PI)}" y2="${gradientEnd(-Math.PI / 2)}">
      <stop offset="0" stop-color="${deep}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${bright}"/>
    </linearGradient>
    <radialGradient id="glow" cx="${(0.2 + random() * 0.6).toFixed(2)}" cy="${(0.15 + random() * 0.4).toFixed(2)}" r="0.65">
      <stop offset="0" stop-color="${accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${accent}" stop-opacity="0"/>
    </radialGradient>
    <linearGradient id="scrim" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.72"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#background)"/>
  <rect width="100%" height="100%" fill="url(#glow)"/>
  ${motif(palette, random)}
  <rect y="${barY - 90}" width="100%" height="${COVER_SIZE - barY + 90}" fill="url(#scrim)"/>
  <g font-family="${FONT_FAMILY}" font-weight="bold">
    <text x="${MARGIN + 5}" y="${MARGIN + initialsSize * 0.78 + 5}" font-size="${initialsSize}" fill="${deep}" fill-opacity="0.45" letter-spacing="-6">${escapeMarkup(initials)}</text>
    <text x="${MARGIN}" y="${MARGIN + initialsSize * 0.78}" font-size="${initialsSize}" fill="#FFFFFF" fill-opacity="0.94" letter-spacing="-6">${escapeMarkup(initials)}</text>
    <rect x="${rightToLeft ? COVER_SIZE - MARGIN - 64 : MARGIN}" y="${barY}" width="64" height="7" rx="3.5" fill="${accent}"/>
    <text font-size="${fontSize}" fill="#FFFFFF" text-anchor="${anchor}">${titleLines}</text>
    <text x="${titleX}" y="${artistY}" font-size="${artistSize}" font-weight="normal" fill="#FFFFFF" fill-opacity="0.82" text-anchor="${anchor}">${escapeMarkup(artist)}</text>
  </g>
</svg>`;
}

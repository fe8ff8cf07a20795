import { AD_IMAGE_WIDTHS } from '../../features/images/picture-kinds';
import { escapeMarkup } from '../../lib/escape-markup';
import { createSeededRandom } from './deterministic';

/** The demo sponsors' pictures (seed/ads.ts): a gradient, soft light spots, a motif and the brand's name. */

/** The sponsors' pictures are drawn at the widest rendition an uploaded ad gets. */
const AD_WIDTH = Math.max(...AD_IMAGE_WIDTHS);
const FONT_FAMILY = 'DejaVu Sans, sans-serif';

/**
 * The proportions of the standard ad units the public slots reserve: a leaderboard strip (728 × 90, header
 * and footer), a billboard (970 × 250, banner and between songs) and a medium rectangle (300 × 250,
 * sidebar and popup).
 */
export const SHAPES = {
  strip: { width: AD_WIDTH, height: Math.round((AD_WIDTH * 90) / 728) },
  billboard: { width: AD_WIDTH, height: Math.round((AD_WIDTH * 250) / 970) },
  rectangle: { width: AD_WIDTH, height: Math.round((AD_WIDTH * 250) / 300) },
} as const;
export type Shape = keyof typeof SHAPES;

type Motif = 'signal' | 'vinyl' | 'bowl' | 'stage' | 'cup' | 'sun';

export interface AdDesign {
  /** The sponsor's name as its picture spells it (a brand: not translated). */
  brand: string;
  shape: Shape;
  colours: { from: string; to: string; accent: string };
  motif: Motif;
  seed: number;
}

/** The motif, drawn in a box of `size` centred on (cx, cy). */
function drawMotif(motif: Motif, cx: number, cy: number, size: number, accent: string): string {
  const r = size / 2;
  switch (motif) {
    case 'signal':
      return [0, 1, 2, 3]
        .map((index) => {
          const height = r * (0.5 + index * 0.5);
          const x = cx - r + index * r * 0.55;
          return `<rect x="${x}" y="${cy + r - height}" width="${r * 0.38}" height="${height}" rx="${r * 0.08}" fill="${accent}" opacity="${0.55 + index * 0.15}"/>`;
        })
        .join('');
    case 'vinyl':
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#0B0B10"/>${[0.9, 0.78, 0.66, 0.54]
        .map(
          (k) =>
            `<circle cx="${cx}" cy="${cy}" r="${r * k}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="${r * 0.02}"/>`,
        )
        .join(
          '',
        )}<circle cx="${cx}" cy="${cy}" r="${r * 0.3}" fill="${accent}"/><circle cx="${cx}" cy="${cy}" r="${r * 0.05}" fill="#0B0B10"/>`;
    case 'bowl':
      return `<path d="M ${cx - r} ${cy} A ${r} ${r * 0.85} 0 0 0 ${cx + r} ${cy} Z" fill="${accent}"/>${[
        -0.45, 0, 0.45,
      ]
        .map((k) => {
          const x = cx + k * r;
          return `<path d="M ${x} ${cy - r * 0.15} q ${r * 0.15} ${-r * 0.2} 0 ${-r * 0.4} t 0 ${-r * 0.4}" fill="none" stroke="${accent}" stroke-opacity="0.7" stroke-width="${r * 0.07}" stroke-linecap="round"/>`;
        })
        .join('')}`;
    case 'stage':
      return `${[-0.6, 0, 0.6]
        .map(
          (k) =>
            `<path d="M ${cx + k * r * 0.4} ${cy - r} L ${cx + k * r - r * 0.3} ${cy + r * 0.7} L ${cx + k * r + r * 0.3} ${cy + r * 0.7} Z" fill="${accent}" opacity="0.35"/>`,
        )
        .join(
          '',
        )}<ellipse cx="${cx}" cy="${cy + r * 0.75}" rx="${r}" ry="${r * 0.18}" fill="${accent}" opacity="0.8"/>`;
    case 'cup':
      return `<rect x="${cx - r * 0.6}" y="${cy - r * 0.2}" width="${r * 1.1}" height="${r * 1.0}" rx="${r * 0.15}" fill="${accent}"/><circle cx="${cx + r * 0.6}" cy="${cy + r * 0.25}" r="${r * 0.25}" fill="none" stroke="${accent}" stroke-width="${r * 0.1}"/>${[
        -0.3, 0.15,
      ]
        .map(
          (k) =>
            `<path d="M ${cx + k * r} ${cy - r * 0.35} q ${r * 0.12} ${-r * 0.2} 0 ${-r * 0.4} t 0 ${-r * 0.3}" fill="none" stroke="${accent}" stroke-opacity="0.7" stroke-width="${r * 0.07}" stroke-linecap="round"/>`,
        )
        .join('')}`;
    case 'sun':
      return `${Array.from({ length: 12 }, (_, index) => {
        const angle = (index * Math.PI) / 6;
        const inner = r * 0.62;
        const outer = r * 0.95;
        return `<line x1="${cx + Math.cos(angle) * inner}" y1="${cy + Math.sin(angle) * inner}" x2="${cx + Math.cos(angle) * outer}" y2="${cy + Math.sin(angle) * outer}" stroke="${accent}" stroke-width="${r * 0.08}" stroke-linecap="round"/>`;
      }).join('')}<circle cx="${cx}" cy="${cy}" r="${r * 0.48}" fill="${accent}"/>`;
  }
}

/** The largest font size (DejaVu Sans Bold capitals: about 0.76 em each) at which `text` fits in `width`. */
function fittingFontSize(text: string, width: number, largest: number): number {
  return Math.floor(Math.min(largest, width / (text.length * 0.76)));
}

/**
 * A sponsor's picture: a gradient with soft light spots, the brand's motif, and the brand's name. A strip
 * or a billboard puts the name at the start and the motif at the end; a rectangle stacks them.
 */
export function buildAdSvg(design: AdDesign): string {
  const { width, height } = SHAPES[design.shape];
  const random = createSeededRandom(design.seed);
  const { from, to, accent } = design.colours;
  const spots = Array.from(
    { length: 9 },
    () =>
      `<circle cx="${(random() * width).toFixed(0)}" cy="${(random() * height).toFixed(0)}" r="${(Math.min(height, width / 3) * (0.1 + random() * 0.3)).toFixed(0)}" fill="#fff" opacity="${(0.04 + random() * 0.06).toFixed(2)}"/>`,
  ).join('');
  const stacked = design.shape === 'rectangle';
  const motifSize = stacked ? height * 0.45 : height * 0.7;
  const margin = stacked ? width * 0.08 : height * 0.3;
  const fontSize = stacked
    ? fittingFontSize(design.brand, width - 2 * margin, height * 0.14)
    : fittingFontSize(design.brand, width - 3 * margin - motifSize, height * 0.42);
  const motif = stacked
    ? drawMotif(design.motif, width / 2, height * 0.4, motifSize, accent)
    : drawMotif(design.motif, width - margin - motifSize / 2, height / 2, motifSize, accent);
  const text = stacked
    ? `<text x="${width / 2}" y="${height * 0.8}" text-anchor="middle" font-size="${fontSize}">${escapeMarkup(design.brand)}</text>
       <rect x="${width / 2 - fontSize}" y="${height * 0.8 + fontSize * 0.35}" width="${fontSize * 2}" height="${fontSize * 0.12}" rx="${fontSize * 0.06}" fill="${accent}"/>`
    : `<text x="${margin}" y="${height / 2 + fontSize * 0.36}" font-size="${fontSize}">${escapeMarkup(design.brand)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="background" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#background)"/>
  ${spots}
  ${motif}
  <g font-family="${FONT_FAMILY}" font-weight="bold" fill="#FFFFFF">${text}</g>
</svg>`;
}

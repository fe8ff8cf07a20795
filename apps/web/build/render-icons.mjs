// Renders the install icons (web manifest, iOS home screen) from the brand mark into public/icons/.
// Run once after the mark changes: `node apps/web/build/render-icons.mjs`; the PNGs are committed, so a
// build needs no image toolchain.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const OUT_DIR = path.resolve(import.meta.dirname, '../public/icons');
const INK = '#0d0b08';

/** The favicon's mark (a gold ring around three equaliser bars) on a 32-unit grid, without its tile. */
const MARK = `
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#ffd98a"/><stop offset="1" stop-color="#e9a618"/>
    </linearGradient>
  </defs>
  <circle cx="16" cy="16" r="10.5" fill="none" stroke="url(#g)" stroke-width="3.5"/>
  <rect x="11.6" y="13" width="2.4" height="6" rx="1.2" fill="#34d399"/>
  <rect x="14.8" y="10.5" width="2.4" height="11" rx="1.2" fill="url(#g)"/>
  <rect x="18" y="12" width="2.4" height="8" rx="1.2" fill="#34d399"/>`;

/**
 * The mark on a dark tile. `markScale` is the share of the tile the 32-unit grid fills: a maskable icon keeps
 * the ring inside the central 80% safe circle the launcher may crop to; `corner` rounds the tile (0 for icons
 * the platform shapes itself).
 */
function tile({ markScale, corner }) {
  const offset = (32 - 32 * markScale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="${corner}" fill="${INK}"/>
  <g transform="translate(${offset} ${offset}) scale(${markScale})">${MARK}</g>
</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: tile({ markScale: 1, corner: 8 }) },
  { file: 'icon-512.png', size: 512, svg: tile({ markScale: 1, corner: 8 }) },
  // The ring's outer radius is 12.25 of 16 at scale 1; at 0.8 it is 9.8, inside the 12.8 safe radius.
  { file: 'maskable-512.png', size: 512, svg: tile({ markScale: 0.8, corner: 0 }) },
  { file: 'apple-touch-icon.png', size: 180, svg: tile({ markScale: 0.9, corner: 0 }) },
];

await mkdir(OUT_DIR, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(OUT_DIR, icon.file));
  console.log(`icons/${icon.file} ${icon.size}x${icon.size}`);
}

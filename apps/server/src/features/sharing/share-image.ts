import { createHash } from 'node:crypto';
import sharp, { type OverlayOptions } from 'sharp';
import { escapeMarkup } from '../../lib/escape-markup';
import type { FileStorage } from '../../lib/storage';

/** The size WhatsApp, Facebook and X show large: 1.91:1, 1200 pixels wide. */
export const SHARE_IMAGE_SIZE = { width: 1200, height: 630 } as const;
/** Part of every picture's version: changing the drawing below makes every picture anew. */
const DRAWING_VERSION = 1;
/** 82: a photo-like card in about 60-90 KB, well under WhatsApp's 300 KB preview limit. */
const JPEG_QUALITY = 82;

const BACKGROUND = '#0d0b08';
const GOLD = '#f7c04a';
const GREEN = '#34d399';
const WHITE = '#fdfaf3';
const GREY = '#d6d0c4';
const MARGIN = 60;
const COVER_SIZE = 480;
const TEXT_WIDTH = SHARE_IMAGE_SIZE.width - COVER_SIZE - 3 * MARGIN;

/** What a picture is drawn from: a change to any of these gives a new version, hence a new address. */
export interface ShareImageInputs {
  /** The song's title (absent on the brand picture). */
  title?: string;
  artist?: string;
  category?: string;
  /** The brand picture's line, in the page's language. */
  tagline?: string;
  /** The stored cover's key (its largest rendition), if the song has one. */
  coverKey?: string;
  /** Lays the card out right to left (the page's language is written that way). */
  rightToLeft: boolean;
}

/** A short hash of the inputs: the picture's version, in its address and its storage key. */
export function shareImageVersion(inputs: ShareImageInputs): string {
  return createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, inputs]))
    .digest('base64url')
    .slice(0, 16);
}

/** True when the text's first strong letter belongs to a right-to-left script (Arabic, Hebrew, ...). */
function startsRightToLeft(text: string) {
  const strong = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]|\p{L}/u.exec(text);
  return (
    strong !== null &&
    /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}]/u.test(strong[0])
  );
}

interface TextBlock {
  text: string;
  size: number;
  color: string;
  bold?: boolean;
  /** The most height the block may take: a longer text is drawn smaller to fit (libvips autofit). */
  maxHeight: number;
}

/** One block of wrapped text as a transparent picture, at most TEXT_WIDTH wide and maxHeight tall. */
async function renderText(block: TextBlock) {
  // The system's sans-serif (DejaVu or Liberation here); fontconfig falls back per letter for other scripts.
  const font = `sans-serif${block.bold ? ' Bold' : ''} ${block.size}`;
  const text = `<span foreground="${block.color}">${escapeMarkup(block.text)}</span>`;
  // No alignment given: Pango lines each paragraph up by its own direction, so Arabic lines end on the right.
  const options = { text, font, width: TEXT_WIDTH, rgba: true, wrap: 'word' as const, dpi: 72 };
  let rendered = await sharp({ text: options }).png().toBuffer({ resolveWithObject: true });
  if (rendered.info.height > block.maxHeight) {
    // Too long at the wanted size: the largest size that fits the box instead.
    const { dpi: _dpi, ...fitting } = options;
    rendered = await sharp({ text: { ...fitting, height: block.maxHeight } })
      .png()
      .toBuffer({ resolveWithObject: true });
  }
  return rendered;
}

/** The logo (ring and bars) as the picture's stand-in for a song without a cover, or the brand picture's mark. */
function logoSvg(size: number) {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
      <rect width="32" height="32" rx="3" fill="#1a160f"/>
      <circle cx="16" cy="16" r="10.5" fill="none" stroke="${GOLD}" stroke-width="2.5"/>
      <rect x="11.6" y="13" width="2.4" height="6" rx="1.2" fill="${GREEN}"/>
      <rect x="14.8" y="10.5" width="2.4" height="11" rx="1.2" fill="${GOLD}"/>
      <rect x="18" y="12" width="2.4" height="8" rx="1.2" fill="${GREEN}"/>
    </svg>`,
  );
}

/** The cover cut to a rounded square, or the logo when there is none (or it cannot be read). */
async function coverPicture(storage: FileStorage, coverKey: string | undefined) {
  const bytes = coverKey ? await storage.get(coverKey).catch(() => undefined) : undefined;
  if (bytes) {
    try {
      const rounded = Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${COVER_SIZE}" height="${COVER_SIZE}"><rect width="${COVER_SIZE}" height="${COVER_SIZE}" rx="24" fill="#fff"/></svg>`,
      );
      return await sharp(bytes)
        .resize(COVER_SIZE, COVER_SIZE, { fit: 'cover' })
        .composite([{ input: rounded, blend: 'dest-in' }])
        .png()
        .toBuffer();
    } catch {
      // A damaged cover: the card still goes out, with the logo.
    }
  }
  return sharp(logoSvg(COVER_SIZE)).png().toBuffer();
}

/**
 * Draws a share card, 1200×630 JPEG: the cover (or the logo) on one side; on the other the brand, the
 * category, the title large and the artist, or the brand picture's tagline. Mirrored for right-to-left
 * pages; each line is aligned by its own script, so an Arabic title reads from the right on any page.
 */
export async function drawShareImage(storage: FileStorage, inputs: ShareImageInputs): Promise<Buffer> {
  const { width, height } = SHARE_IMAGE_SIZE;
  const coverLeft = inputs.rightToLeft ? width - MARGIN - COVER_SIZE : MARGIN;
  const textLeft = inputs.rightToLeft ? MARGIN : 2 * MARGIN + COVER_SIZE;
  const blocks: Array<TextBlock & { gapAfter: number }> = [
    { text: 'Ovation', size: 40, color: GOLD, bold: true, maxHeight: 60, gapAfter: 28 },
  ];
  if (inputs.category)
    blocks.push({ text: inputs.category, size: 30, color: GREEN, maxHeight: 80, gapAfter: 18 });
  if (inputs.title)
    blocks.push({ text: inputs.title, size: 60, color: WHITE, bold: true, maxHeight: 230, gapAfter: 18 });
  if (inputs.artist) blocks.push({ text: inputs.artist, size: 36, color: GREY, maxHeight: 90, gapAfter: 0 });
  if (inputs.tagline)
    blocks.push({ text: inputs.tagline, size: 40, color: WHITE, maxHeight: 300, gapAfter: 0 });

  const [cover, ...texts] = await Promise.all([
    coverPicture(storage, inputs.coverKey),
    ...blocks.map((block) => renderText(block)),
  ]);
  const total = texts.reduce((sum, text, index) => sum + text.info.height + blocks[index]!.gapAfter, 0);
  let top = Math.max(MARGIN, Math.round((height - total) / 2));
  const layers: OverlayOptions[] = [
    { input: cover!, left: coverLeft, top: Math.round((height - COVER_SIZE) / 2) },
  ];
  texts.forEach((text, index) => {
    const block = blocks[index]!;
    const alignEnd = startsRightToLeft(block.text) || (inputs.rightToLeft && block.text === 'Ovation');
    const left = alignEnd ? textLeft + TEXT_WIDTH - text.info.width : textLeft;
    if (top + text.info.height <= height) layers.push({ input: text.data, left, top });
    top += text.info.height + block.gapAfter;
  });
  const glow = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <defs><radialGradient id="g" cx="${inputs.rightToLeft ? '0.2' : '0.8'}" cy="0.1" r="0.9">
        <stop offset="0" stop-color="${GOLD}" stop-opacity="0.22"/><stop offset="1" stop-color="${GOLD}" stop-opacity="0"/>
      </radialGradient></defs>
      <rect width="${width}" height="${height}" fill="url(#g)"/>
      <rect y="${height - 10}" width="${width}" height="10" fill="${GOLD}"/>
    </svg>`,
  );
  return sharp({ create: { width, height, channels: 3, background: BACKGROUND } })
    .composite([{ input: glow, left: 0, top: 0 }, ...layers])
    .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
    .toBuffer();
}

/** Drawings under way, so a burst of crawlers asking for a new picture draws it once. */
const drawing = new Map<string, Promise<Buffer>>();

/**
 * The picture for `inputs`, drawn once and kept in the upload store under its version (`share/<name>-<version>.jpg`):
 * every instance and every restart reuses it, and a changed title, artist, category or cover makes a new one.
 */
export async function shareImage(
  storage: FileStorage,
  name: string,
  inputs: ShareImageInputs,
): Promise<Buffer> {
  const key = `share/${name}-${shareImageVersion(inputs)}.jpg`;
  const stored = await storage.get(key);
  if (stored) return stored;
  let pending = drawing.get(key);
  if (!pending) {
    pending = drawShareImage(storage, inputs)
      .then(async (bytes) => {
        await storage.put(key, bytes);
        return bytes;
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, pending);
  }
  return pending;
}

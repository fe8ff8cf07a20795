import type { LinkKind } from './constants';

const HOST_KINDS: Array<[RegExp, LinkKind]> = [
  [/(^|\.)youtube\.com$|(^|\.)youtu\.be$/, 'youtube'],
  [/(^|\.)vimeo\.com$/, 'vimeo'],
  [/(^|\.)spotify\.com$/, 'spotify'],
  [/(^|\.)audiomack\.com$/, 'audiomack'],
  [/(^|\.)soundcloud\.com$/, 'soundcloud'],
  [/(^|\.)music\.apple\.com$/, 'apple-music'],
];

/** Recognises the media kind of a song link from its host (or a .mp3 path); anything else is 'other'. */
export function detectLinkKind(link: string): LinkKind {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return 'other';
  }
  const host = url.hostname.toLowerCase();
  for (const [pattern, kind] of HOST_KINDS) {
    if (pattern.test(host)) return kind;
  }
  if (url.pathname.toLowerCase().endsWith('.mp3')) return 'mp3';
  return 'other';
}

/** 2 s: how long 'Copied!' shows after a copy (the public spec). */
export const COPIED_CONFIRMATION_MS = 2000;

/** The public address of a song page, for sharing. */
export function songPageUrl(songId: string, origin: string): string {
  return `${origin}/songs/${encodeURIComponent(songId)}`;
}

export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?${new URLSearchParams({ u: url })}`;
}

/** WhatsApp's own share link: the text and the address in one message, which WhatsApp previews. */
export function whatsAppShareUrl(url: string, text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}

/** Whether the device offers its own share sheet (most phones; few desktop browsers). */
export function canShareNatively(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Opens the device's share sheet. A visitor closing it is not a failure; anything else answers false so
 * the caller can offer the other ways.
 */
export async function shareNatively(data: { url: string; text: string; title?: string }): Promise<boolean> {
  try {
    await navigator.share(data);
    return true;
  } catch (error) {
    return error instanceof DOMException && error.name === 'AbortError';
  }
}

export function xShareUrl(url: string, text: string): string {
  return `https://twitter.com/intent/tweet?${new URLSearchParams({ text, url })}`;
}

/** Instagram has no share link: we copy a caption with the link and hashtags for the visitor to paste. */
export function instagramCaption(text: string, url: string, tags: readonly string[]): string {
  const hashtags = ['Ovation2025', ...tags]
    .map((tag) => tag.replace(/[^\p{L}\p{N}_]/gu, ''))
    .filter(Boolean)
    .map((tag) => `#${tag}`);
  return `${text}\n${url}\n\n${[...new Set(hashtags)].join(' ')}`;
}

/** Copies text; falls back to a hidden textarea where the async clipboard is missing (older WebViews, http). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.cssText = 'position:fixed;opacity:0;inset-block-start:0';
    document.body.append(area);
    area.select();
    let copied = false;
    try {
      copied = document.execCommand('copy');
    } catch {
      copied = false;
    }
    area.remove();
    return copied;
  }
}

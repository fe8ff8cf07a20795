import type { LinkKind } from '@ovation/shared/constants';
import { detectLinkKind } from '@ovation/shared/link-kind';

/** Something that looks like a complete http(s) address with a host name: `https://x.yz...`. */
const LOOKS_COMPLETE = /^https?:\/\/[^\s/$.?#][^\s/]*\.[^\s/.]{2,}(\/\S*)?$/i;

/**
 * The kind to announce for what is being typed: null until it looks like a complete http(s) address
 * (so "https://you" does not flash "other website" on the way to "youtube.com").
 */
export function recognisedLinkKind(value: string): LinkKind | null {
  const trimmed = value.trim();
  if (!LOOKS_COMPLETE.test(trimmed)) return null;
  return detectLinkKind(trimmed);
}

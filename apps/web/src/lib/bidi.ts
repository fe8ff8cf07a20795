/**
 * Wraps user text (a name, a title, a reason) in Unicode first-strong isolates (U+2068 … U+2069) before it
 * goes into a translated sentence, so an Arabic title in an English sentence (or a Latin name in an Arabic
 * one) keeps its own direction and its place. The plain-text twin of <bdi>, for strings built by i18next
 * interpolation.
 */
export function isolate(text: string): string {
  // Nothing to isolate: an empty name stays empty, so a sentence can still test for it.
  return text ? `\u2068${text}\u2069` : text;
}

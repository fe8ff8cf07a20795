/**
 * Wraps user text (a name, a song title) in Unicode first-strong isolates before it goes into a translated
 * sentence: "Welcome back, Amara Okafor!" in Arabic would otherwise print the "!" on the wrong side of
 * the Latin name. It is the plain-text twin of <bdi>, for strings built by i18next interpolation.
 */
export function isolate(text: string): string {
  return text ? `\u2068${text}\u2069` : text;
}

/**
 * Escapes text for any markup Ovation writes: HTML (the page shell's tags and attributes), XML (the sitemap,
 * SVG artwork) and Pango (the share pictures' text, drawn by libvips). The five characters that can end a
 * text or an attribute become numeric references, which all three read.
 */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

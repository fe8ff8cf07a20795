/**
 * Escapes text for any markup Ovation writes: HTML (the page shell's tags and attributes), XML (the sitemap,
 * SVG artwork) and Pango (the share pictures' text, drawn by libvips). The five characters that can end a
 * text or an attribute become references all three read: XML's four named entities, and a number for the
 * apostrophe (HTML 4 has no &apos;).
 */
const REFERENCES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (character) => REFERENCES[character] ?? character);
}

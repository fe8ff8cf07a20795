/**
 * A library file name fits a grid card: the server's names are a 36-character id and the width
 * ("3f1c2a9b-…-1280.webp"), so the card shows the id's first 8 characters and the end ("3f1c2a9b…-1280.webp");
 * the preview shows the whole name. Other names are kept as they are.
 */
export function shortFilename(filename: string): string {
  const match = /^([0-9a-f]{8})[0-9a-f-]{28}(-\d+)?(\.webp)$/.exec(filename);
  if (!match) return filename;
  return `${match[1]}…${match[2] ?? ''}${match[3]}`;
}

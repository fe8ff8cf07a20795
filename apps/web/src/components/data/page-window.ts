/** One place of a numbered pager: a page's number, or a gap of hidden pages (shown as an ellipsis). */
export type PageWindowItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The pages a numbered pager shows: the first, the last, and the current page with `radius` pages either
 * side, in order; a run of hidden pages becomes one gap, except a single hidden page, shown instead (an
 * ellipsis standing for one page would take the same room). `page` is clamped into 1..pages.
 *
 *   pageWindow(10, 20) -> 1 … 8 9 10 11 12 … 20
 */
export function pageWindow(page: number, pages: number, radius = 2): PageWindowItem[] {
  const last = Math.max(1, Math.floor(pages));
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  const shown = new Set([1, last]);
  for (let near = current - radius; near <= current + radius; near += 1) {
    if (near >= 1 && near <= last) shown.add(near);
  }
  const ordered = [...shown].sort((a, b) => a - b);
  const items: PageWindowItem[] = [];
  let previous = 0;
  for (const number of ordered) {
    if (number - previous === 2) items.push({ kind: 'page', page: previous + 1 });
    else if (number - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}-${number}` });
    items.push({ kind: 'page', page: number });
    previous = number;
  }
  return items;
}

import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

/** The window written as a pager shows it: numbers, and '…' for a gap. */
const shown = (page: number, pages: number, radius?: number) =>
  pageWindow(page, pages, radius)
    .map((item) => (item.kind === 'page' ? String(item.page) : '…'))
    .join(' ');

describe('pageWindow', () => {
  it('shows every page of a short list', () => {
    expect(shown(1, 1)).toBe('1');
    expect(shown(2, 3)).toBe('1 2 3');
    expect(shown(4, 7)).toBe('1 2 3 4 5 6 7');
  });

  it('shows the first, the last and the current page ±2, with ellipses between', () => {
    expect(shown(10, 20)).toBe('1 … 8 9 10 11 12 … 20');
    expect(shown(50, 250)).toBe('1 … 48 49 50 51 52 … 250');
  });

  it('has one ellipsis near either end', () => {
    expect(shown(1, 20)).toBe('1 2 3 … 20');
    expect(shown(3, 20)).toBe('1 2 3 4 5 … 20');
    expect(shown(20, 20)).toBe('1 … 18 19 20');
    expect(shown(17, 20)).toBe('1 … 15 16 17 18 19 20');
  });

  it('shows a single hidden page rather than an ellipsis standing for it', () => {
    expect(shown(5, 20)).toBe('1 2 3 4 5 6 7 … 20');
    expect(shown(16, 20)).toBe('1 … 14 15 16 17 18 19 20');
  });

  it('takes a narrower radius (a phone shows the current page ±1)', () => {
    expect(shown(10, 20, 1)).toBe('1 … 9 10 11 … 20');
  });

  it('clamps a page outside the list and an empty list to what exists', () => {
    expect(shown(0, 5)).toBe('1 2 3 4 5');
    expect(shown(99, 30)).toBe('1 … 28 29 30');
    expect(shown(1, 0)).toBe('1');
  });

  it('gives each gap its own key', () => {
    const keys = pageWindow(10, 20).filter((item) => item.kind === 'gap');
    expect(new Set(keys.map((item) => (item.kind === 'gap' ? item.key : ''))).size).toBe(2);
  });
});

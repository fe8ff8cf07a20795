import { type RefObject, useEffect, useState } from 'react';
import type uPlot from 'uplot';

// Shared by the charts of the admin screens (integrity's votes velocity, ad analytics' traffic).

export type UPlotLibrary =
  | { state: 'loading' }
  | { state: 'ready'; UPlot: typeof uPlot }
  | { state: 'failed' };

/**
 * uPlot (a ~50 KB canvas chart) and its stylesheet, loaded only when a chart is first drawn, so the admin
 * chunk stays small and nothing reaches the public pages.
 */
export function useUPlot(): UPlotLibrary {
  const [library, setLibrary] = useState<UPlotLibrary>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([module]) => {
        if (live) setLibrary({ state: 'ready', UPlot: module.default });
      },
      () => {
        if (live) setLibrary({ state: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return library;
}

/** The element's content width, followed as it changes (a rotated phone, the sidebar drawer). */
export function useElementWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

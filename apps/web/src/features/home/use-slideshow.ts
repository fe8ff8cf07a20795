import { useCallback, useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '../../lib/use-prefers-reduced-motion';

/**
 * The slideshow's clock. It advances every `intervalMs` while playing, and pauses (keeping the time
 * already spent on the slide) while the pointer is over it, focus is inside it, or the tab is hidden.
 * With reduced motion it starts paused; the play button still lets the visitor start it.
 */
export function useSlideshow(count: number, intervalMs: number) {
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(!reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [pageHidden, setPageHidden] = useState(false);
  const elapsed = useRef(0);

  const current = count > 0 ? index % count : 0;
  const autoplay = count > 1 && playing;
  const running = autoplay && !hovered && !focused && !pageHidden;

  useEffect(() => {
    setPlaying(!reducedMotion);
  }, [reducedMotion]);

  useEffect(() => {
    const onVisibility = () => setPageHidden(document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  // A new slide starts with a full interval. Declared before the timer so it runs first after a change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resets on every slide change.
  useEffect(() => {
    elapsed.current = 0;
  }, [current]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `current` restarts the timer for each new slide.
  useEffect(() => {
    if (!running) return;
    const startedAt = performance.now();
    const timer = window.setTimeout(
      () => setIndex((value) => (value + 1) % count),
      Math.max(0, intervalMs - elapsed.current),
    );
    return () => {
      window.clearTimeout(timer);
      elapsed.current += performance.now() - startedAt;
    };
  }, [running, current, count, intervalMs]);

  const goTo = useCallback(
    (target: number) => {
      if (count > 0) setIndex(((target % count) + count) % count);
    },
    [count],
  );

  return {
    index: current,
    autoplay,
    running,
    goTo,
    next: () => goTo(current + 1),
    previous: () => goTo(current - 1),
    togglePlaying: () => setPlaying((value) => !value),
    setHovered,
    setFocused,
  };
}

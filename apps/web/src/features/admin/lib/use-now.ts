import { useEffect, useState } from 'react';

/**
 * The time relative times are measured to, moved on every `intervalMs` so 'in 3 minutes' counts down
 * while the screen stays open; one instant per render keeps every line of it consistent.
 */
export function useNow(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

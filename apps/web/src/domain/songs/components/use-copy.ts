import { useEffect, useRef, useState } from 'react';
import { COPIED_CONFIRMATION_MS, copyText } from '../share-links';

/** Copies on demand and reports `copied` for 2 seconds (the spec's 'Copied!' confirmation). */
export function useCopy() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const copy = async (text: string) => {
    const ok = await copyText(text);
    if (!ok) return false;
    setCopied(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    return true;
  };
  return { copied, copy };
}

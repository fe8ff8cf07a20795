import { useId } from 'react';

/** The Ovation mark: a gold ring around a sound wave. Decorative; the wordmark or a label names it. */
export function BrandMark({ className = 'size-9' }: { className?: string }) {
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={className}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffd98a" />
          <stop offset="1" stopColor="#e9a618" />
        </linearGradient>
      </defs>
      <circle cx="16" cy="16" r="12" fill="none" stroke={`url(#${gradientId})`} strokeWidth="3.6" />
      <rect x="10.9" y="13" width="2.6" height="6" rx="1.3" fill="#34d399" />
      <rect x="14.7" y="9.5" width="2.6" height="13" rx="1.3" fill={`url(#${gradientId})`} />
      <rect x="18.5" y="11.5" width="2.6" height="9" rx="1.3" fill="#34d399" />
    </svg>
  );
}

/** Mark and wordmark. The brand name is the one string that is never translated. */
export function BrandLogo({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-2.5 ${className}`}>
      <BrandMark />
      <span className="font-display text-xl font-extrabold tracking-tight text-ink-50">Ovation</span>
    </span>
  );
}

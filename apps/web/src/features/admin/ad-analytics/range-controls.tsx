import { AD_TRAFFIC_GROUPS, type AdTrafficGroup } from '@ovation/shared/schemas/ads';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, SELECT_CLASS, SELECT_STYLE } from '../../../components/form/control-styles';
import { InlineSpinner } from '../../../components/ui/spinner';
import type { AnalyticsRange } from './api';

/**
 * How long the dates wait after the last change before they are asked for: typing a year digit by digit
 * ('2', '20', '202', '2026') asks once, for the year finished, not for the year 2.
 */
const COMMIT_DELAY_MS = 600;

const LABEL_CLASS = 'text-sm font-semibold text-ink-200';

/**
 * The dates typed but not yet asked for. They go out after a short pause or when the focus leaves the
 * field; until then the inputs show them rather than the range on screen.
 */
function useDraftRange(shown: AnalyticsRange, onCommit: (range: AnalyticsRange) => void) {
  const [draft, setDraft] = useState<AnalyticsRange | null>(null);
  useEffect(() => {
    if (!draft) return;
    const timer = window.setTimeout(() => {
      onCommit(draft);
      setDraft(null);
    }, COMMIT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, onCommit]);
  return {
    value: draft ?? shown,
    change: (patch: Partial<AnalyticsRange>) => setDraft({ ...(draft ?? shown), ...patch }),
    commitNow: () => {
      if (!draft) return;
      onCommit(draft);
      setDraft(null);
    },
  };
}

/**
 * Start date, End date and Group By (the admin spec). The dates are calendar days in the platform's timezone; a
 * range the server refuses (an end before the start) shows the server's message under them, and the
 * inputs stay as typed so it can be corrected.
 */
export function RangeControls({
  shown,
  groupBy,
  onRangeChange,
  onGroupByChange,
  busy,
  refusal,
  timezoneHint,
}: {
  /** The range on screen: the one in the address, or the server's default once it answered. */
  shown: AnalyticsRange;
  groupBy: AdTrafficGroup;
  onRangeChange: (range: AnalyticsRange) => void;
  onGroupByChange: (groupBy: AdTrafficGroup) => void;
  /** A new range or grouping is loading over the one shown. */
  busy: boolean;
  /** Why the server refused the dates, in the reader's language. */
  refusal: string | null;
  timezoneHint: string | null;
}) {
  const { t } = useTranslation('admin-ad-analytics');
  const id = useId();
  const { value, change, commitNow } = useDraftRange(shown, onRangeChange);
  const describedBy = [refusal ? `${id}-refusal` : null, timezoneHint ? `${id}-timezone` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset className="flex flex-col gap-3 rounded-3xl border border-white/10 bg-ink-900/60 p-4">
      <legend className="sr-only">{t('controls.label')}</legend>
      <div className="grid grid-cols-[repeat(auto-fit,minmax(min(100%,10rem),1fr))] items-end gap-3 lg:flex lg:flex-wrap">
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-start`} className={LABEL_CLASS}>
            {t('controls.startDate')}
          </label>
          <input
            id={`${id}-start`}
            type="date"
            value={value.startDate}
            onChange={(event) => change({ startDate: event.target.value })}
            onBlur={commitNow}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={describedBy || undefined}
            className={inputClass(refusal !== null, 'lg:w-48 [color-scheme:dark]')}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-end`} className={LABEL_CLASS}>
            {t('controls.endDate')}
          </label>
          <input
            id={`${id}-end`}
            type="date"
            value={value.endDate}
            onChange={(event) => change({ endDate: event.target.value })}
            onBlur={commitNow}
            aria-invalid={refusal ? true : undefined}
            aria-describedby={describedBy || undefined}
            className={inputClass(refusal !== null, 'lg:w-48 [color-scheme:dark]')}
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1.5">
          <label htmlFor={`${id}-group`} className={LABEL_CLASS}>
            {t('controls.groupBy')}
          </label>
          <select
            id={`${id}-group`}
            value={groupBy}
            onChange={(event) => onGroupByChange(event.target.value as AdTrafficGroup)}
            className={inputClass(false, `${SELECT_CLASS} lg:w-40`)}
            style={SELECT_STYLE}
          >
            {AD_TRAFFIC_GROUPS.map((group) => (
              <option key={group} value={group}>
                {t(`groups.${group}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {refusal && (
        <p id={`${id}-refusal`} role="alert" className="text-sm font-semibold text-coral-300">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        {timezoneHint && (
          <p id={`${id}-timezone`} className="text-xs text-ink-400">
            {timezoneHint}
          </p>
        )}
        <p role="status" className="inline-flex items-center gap-2 text-sm text-ink-300">
          {busy && (
            <>
              <InlineSpinner />
              {t('controls.updating')}
            </>
          )}
        </p>
      </div>
    </fieldset>
  );
}

import { InlineSpinner } from '../../../components/ui/spinner';
import type { UPlotLibrary } from './use-uplot';

/**
 * What covers a chart's box while uPlot loads (a spinner and `loading`) or if it could not load
 * (`unavailable`); nothing once it is ready. The box must be `relative` and keep its height.
 */
export function ChartStatus({
  library,
  loading,
  unavailable,
}: {
  library: UPlotLibrary;
  loading: string;
  unavailable: string;
}) {
  if (library.state === 'loading')
    return (
      <p className="absolute inset-0 grid place-items-center text-sm text-ink-400">
        <span className="inline-flex items-center gap-2">
          <InlineSpinner />
          {loading}
        </span>
      </p>
    );
  if (library.state === 'failed')
    return (
      <p className="absolute inset-0 grid place-items-center px-4 text-center text-sm text-ink-400">
        {unavailable}
      </p>
    );
  return null;
}

/**
 * A moment in a table cell, its day above its time: the column stays narrow enough for a desktop table to
 * fit without scrolling sideways. The caller formats both parts in the reader's language and timezone.
 */
export function StackedTime({ dateTime, day, time }: { dateTime: string; day: string; time: string }) {
  return (
    <time dateTime={dateTime} className="flex flex-col">
      <span>{day}</span>
      <span className="text-xs text-ink-400">{time}</span>
    </time>
  );
}

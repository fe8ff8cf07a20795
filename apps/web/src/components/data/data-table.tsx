import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../ui/button-styles';
import { ChevronDownIcon } from '../ui/icons';

export type SortOrder = 'asc' | 'desc';
export interface SortState {
  by: string;
  order: SortOrder;
}

export interface DataTableColumn<Row> {
  /** Unique among the columns. */
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** The server's sort field for this column: the header becomes a sort button. */
  sortKey?: string;
  /** Text alignment, logical: 'end' is right in English and left in Arabic. */
  align?: 'start' | 'center' | 'end';
  /** This column names the row (a title, a name): rendered as the row's header cell for screen readers. */
  rowHeader?: boolean;
  /** Classes for both the header and the body cells (a width, `whitespace-nowrap`). */
  className?: string;
}

export interface RowSelection<Row> {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** Names the row in its checkbox's label: 'Select Lagos Sunrise'. */
  rowLabel: (row: Row) => string;
}

export interface DataTableProps<Row> {
  /** The table's accessible name (its caption, visually hidden). */
  label: string;
  columns: DataTableColumn<Row>[];
  /** undefined while the first page loads. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** Skeleton rows while `rows` is undefined; the rows dim while a new page loads over them. */
  loading?: boolean;
  /** Shown instead of the table when `rows` is empty: usually an <EmptyState />. */
  empty?: ReactNode;
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
  /** Adds a checkbox column and a select-all checkbox for bulk actions. */
  selection?: RowSelection<Row>;
  /** The bulk actions shown above the table while rows are selected; receives the selected ids. */
  bulkActions?: (selectedIds: string[]) => ReactNode;
  /** The width below which the table scrolls sideways inside its card (default 40rem). */
  minWidthClass?: string;
}

const ALIGN = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;
const SKELETON_ROWS = 5;
const CHECKBOX_CLASS = 'size-5 cursor-pointer rounded accent-gold-400 disabled:cursor-not-allowed';

/** The rows' selection for a DataTable, emptied whenever `resetKey` changes (a new page, new filters). */
export function useRowSelection(resetKey: unknown) {
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [lastKey, setLastKey] = useState(resetKey);
  if (!Object.is(lastKey, resetKey)) {
    setLastKey(resetKey);
    setSelected(new Set());
  }
  return { selected, setSelected, clear: () => setSelected(new Set()) };
}

function SelectAllCheckbox({
  ids,
  selection,
  label,
}: {
  ids: string[];
  selection: RowSelection<never>;
  label: string;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const count = ids.filter((id) => selection.selected.has(id)).length;
  const all = ids.length > 0 && count === ids.length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = count > 0 && !all;
  }, [count, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={all}
      disabled={ids.length === 0}
      onChange={() => selection.onChange(all ? new Set() : new Set(ids))}
      className={CHECKBOX_CLASS}
    />
  );
}

function SortButton({
  column,
  sort,
  onSortChange,
}: {
  column: DataTableColumn<never> & { sortKey: string };
  sort?: SortState;
  onSortChange?: (sort: SortState) => void;
}) {
  const active = sort?.by === column.sortKey;
  const next: SortOrder = active && sort?.order === 'asc' ? 'desc' : 'asc';
  return (
    <button
      type="button"
      onClick={() => onSortChange?.({ by: column.sortKey, order: next })}
      className={`-mx-2 inline-flex min-h-11 items-center gap-1 rounded-lg px-2 font-semibold tracking-wide uppercase hover:bg-white/[0.06] hover:text-ink-50 ${active ? 'text-gold-200' : ''}`}
    >
      {column.header}
      <ChevronDownIcon
        aria-hidden="true"
        className={`size-4 shrink-0 transition-transform ${active ? '' : 'opacity-40'} ${active && sort?.order === 'asc' ? 'rotate-180' : ''}`}
      />
    </button>
  );
}

/**
 * A data table in a card: column definitions, server-side sorting from the headers (aria-sort), optional
 * row selection with a select-all checkbox for bulk actions, skeleton rows while loading and an empty
 * state. On a phone the table scrolls sideways inside its card; the page itself never scrolls sideways.
 */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  sort,
  onSortChange,
  selection,
  bulkActions,
  minWidthClass = 'min-w-[40rem]',
}: DataTableProps<Row>) {
  const { t, i18n } = useTranslation('admin');
  const captionId = useId();
  const ids = rows?.map(rowKey) ?? [];
  const selectedIds = selection ? ids.filter((id) => selection.selected.has(id)) : [];
  const columnCount = columns.length + (selection ? 1 : 0);

  if (rows && rows.length === 0 && !loading && empty) return <>{empty}</>;

  return (
    <div className="relative overflow-hidden rounded-3xl border border-white/10 bg-ink-900/60">
      {selection && selectedIds.length > 0 && (
        <div className="flex flex-wrap items-center gap-3 border-b border-white/10 bg-gold-400/[0.06] px-4 py-2">
          <p className="text-sm font-semibold text-gold-200" aria-live="polite">
            {t('kit.table.selected', {
              number: new Intl.NumberFormat(i18n.language).format(selectedIds.length),
            })}
          </p>
          <div className="flex flex-wrap items-center gap-2">{bulkActions?.(selectedIds)}</div>
          <button
            type="button"
            onClick={() => selection.onChange(new Set())}
            className={buttonClass('ghost', 'sm', 'ms-auto')}
          >
            {t('kit.table.clearSelection')}
          </button>
        </div>
      )}
      {/* A focusable, named region: keyboard users can scroll the table sideways on a narrow screen. */}
      <section
        aria-labelledby={captionId}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1).
        tabIndex={0}
        className="relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-gold-300"
      >
        <table
          aria-busy={loading || undefined}
          className={`w-full border-collapse text-sm ${minWidthClass} ${loading && rows ? 'opacity-60 transition-opacity' : ''}`}
        >
          <caption id={captionId} className="sr-only">
            {label}
          </caption>
          {/* Headers keep their words whole: a column with a very long value never squeezes its neighbours'
              headings into single letters (the admin area lets text break anywhere). */}
          <thead className="border-b border-white/10 bg-white/[0.03] text-xs tracking-wide text-ink-300 uppercase [overflow-wrap:normal]">
            <tr>
              {selection && (
                <th scope="col" className="w-12 px-4 py-2 text-start">
                  <SelectAllCheckbox
                    ids={ids}
                    selection={selection as RowSelection<never>}
                    label={t('kit.table.selectAll')}
                  />
                </th>
              )}
              {columns.map((column) => {
                const active = column.sortKey !== undefined && sort?.by === column.sortKey;
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={
                      column.sortKey === undefined
                        ? undefined
                        : active
                          ? sort?.order === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : 'none'
                    }
                    className={`px-4 py-2 font-semibold ${ALIGN[column.align ?? 'start']} ${column.className ?? ''}`}
                  >
                    {column.sortKey === undefined ? (
                      column.header
                    ) : (
                      <SortButton
                        column={column as DataTableColumn<never> & { sortKey: string }}
                        sort={sort}
                        onSortChange={onSortChange}
                      />
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-white/[0.06]">
            {rows === undefined
              ? Array.from({ length: SKELETON_ROWS }, (_, index) => (
                  <tr key={index}>
                    {Array.from({ length: columnCount }, (_, cell) => (
                      <td key={cell} className="px-4 py-4">
                        <span
                          aria-hidden="true"
                          className="block h-4 w-3/4 animate-pulse rounded bg-white/10"
                        />
                      </td>
                    ))}
                  </tr>
                ))
              : rows.map((row) => {
                  const id = rowKey(row);
                  const checked = selection?.selected.has(id) ?? false;
                  return (
                    <tr key={id} className={checked ? 'bg-gold-400/[0.05]' : 'hover:bg-white/[0.02]'}>
                      {selection && (
                        <td className="px-4 py-3">
                          <input
                            type="checkbox"
                            aria-label={t('kit.table.selectRow', { name: selection.rowLabel(row) })}
                            checked={checked}
                            onChange={() => {
                              const next = new Set(selection.selected);
                              if (checked) next.delete(id);
                              else next.add(id);
                              selection.onChange(next);
                            }}
                            className={CHECKBOX_CLASS}
                          />
                        </td>
                      )}
                      {columns.map((column) => {
                        const Cell = column.rowHeader ? 'th' : 'td';
                        return (
                          <Cell
                            key={column.key}
                            scope={column.rowHeader ? 'row' : undefined}
                            className={`px-4 py-3 align-middle text-ink-100 ${column.rowHeader ? 'font-semibold' : 'font-normal'} ${ALIGN[column.align ?? 'start']} ${column.className ?? ''}`}
                          >
                            {column.cell(row)}
                          </Cell>
                        );
                      })}
                    </tr>
                  );
                })}
            {rows !== undefined && rows.length === 0 && (
              <tr>
                <td colSpan={columnCount} className="px-4 py-10 text-center text-ink-400">
                  {loading ? t('kit.table.loading') : (empty ?? t('kit.table.empty'))}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </section>
      {rows === undefined && loading && (
        <p role="status" className="sr-only">
          {t('kit.table.loading')}
        </p>
      )}
    </div>
  );
}

/** One field of a change: its value before and after (undefined when the record had no such field). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields an audit entry changed, in the record's own order: every field of a created record (no
 * before), every field of a deleted one (no after), and only what differs for an edit. Values that are not
 * records (a bare before and after) make one unnamed row.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((hasBefore && !isRecord(before)) || (hasAfter && !isRecord(after))) {
    return same(before, after) ? [] : [{ field: '', before, after }];
  }
  const from = (before ?? {}) as Record<string, unknown>;
  const to = (after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(to), ...Object.keys(from)])];
  return fields
    .filter((field) => !same(from[field], to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

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
 * A record's nested records spread into dotted paths ({ google: { enabled } } gives `google.enabled`), so
 * a change names the setting that changed rather than a whole group written as code.
 */
function flatten(record: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isRecord(value) && Object.keys(value).length > 0) Object.assign(flat, flatten(value, path));
    else flat[path] = value;
  }
  return flat;
}

/**
 * The fields an audit entry changed (nested ones as dotted paths), in the record's own order: every field of a created record (no
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
  const from = flatten((before ?? {}) as Record<string, unknown>);
  const to = flatten((after ?? {}) as Record<string, unknown>);
  const fields = [...new Set([...Object.keys(to), ...Object.keys(from)])];
  return fields
    .filter((field) => !same(from[field], to[field]))
    .map((field) => ({ field, before: from[field], after: to[field] }));
}

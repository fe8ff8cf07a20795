import type { FieldChange } from './change-diff';

/**
 * What the audit texts are made of, in the reader's language (the admin-audit catalog): the names of
 * fields and settings, the words for coded values, and how a change is written. Built by useAuditWords;
 * plain data here so the functions below are tested without React.
 */
export interface AuditWords {
  language: string;
  /** Dates are read in this timezone (the platform's on the audit screen); the browser's when absent. */
  timeZone?: string;
  /** Field and setting names by path (`votingSettings.maxVotesPerUser`) or by one segment (`google`). */
  fields: Record<string, string>;
  /** Coded values by code: statuses, roles, providers. */
  values: Record<string, string>;
  on: string;
  off: string;
  /** An empty text. */
  empty: string;
  /** No value (a field a created record did not have before). */
  none: string;
  /** 'before → after', the arrow as the language reads. */
  fromTo: (before: string, after: string) => string;
  /** '3 more' after the changes a line shows. */
  more: (count: number) => string;
}

/** Fields whose text values are codes (a status, a role, a provider) worth translating. */
const CODED_FIELDS = new Set([
  'status',
  'role',
  'provider',
  'captchaProvider',
  'deviceType',
  'stage',
  'timezone',
  'type',
]);

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** 'moderationReason' as 'Moderation reason': the last resort for a field this build has no name for. */
export function humanize(name: string): string {
  const words = name
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A field's or setting's name: the catalog's name for the whole path, else each part named ('Google ›
 * Enabled'), a part the catalog does not know written out as words, never as code.
 */
export function fieldLabel(field: string, words: AuditWords): string {
  if (field === '') return '—';
  const whole = words.fields[field];
  if (whole) return whole;
  return field
    .split('.')
    .map((part) => words.fields[part] ?? words.values[part] ?? humanize(part))
    .join(' › ');
}

/**
 * A recorded value as an admin reads it: On/Off for a switch, numbers and dates in the reader's
 * language, statuses, roles and providers by their names, lists joined; anything else as recorded.
 */
export function formatAuditValue(value: unknown, field: string, words: AuditWords): string {
  if (value === null || value === undefined) return words.none;
  if (typeof value === 'boolean') return value ? words.on : words.off;
  if (typeof value === 'number') return new Intl.NumberFormat(words.language).format(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return words.empty;
    return new Intl.ListFormat(words.language, { type: 'unit' }).format(
      value.map((item) => formatAuditValue(item, field, words)),
    );
  }
  if (typeof value === 'string') {
    if (value === '') return words.empty;
    const name = field.split('.').at(-1) ?? field;
    if ((CODED_FIELDS.has(name) || name === '') && words.values[value]) return words.values[value];
    if (ISO_DAY.test(value)) {
      const day = new Date(`${value}T00:00:00Z`);
      return new Intl.DateTimeFormat(words.language, { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
    }
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) {
      return new Intl.DateTimeFormat(words.language, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: words.timeZone,
      }).format(new Date(value));
    }
    return value;
  }
  return JSON.stringify(value);
}

/** One change as a line says it: the field's name and its value before and after, formatted. */
export function describeChange(change: FieldChange, words: AuditWords) {
  return {
    label: fieldLabel(change.field, words),
    before: formatAuditValue(change.before, change.field, words),
    after: formatAuditValue(change.after, change.field, words),
  };
}

/**
 * The changes in one short text, for a line with no room for a table (the dashboard's Recent
 * Activity): 'Daily votes per category: 3 → 1; Captcha required: On → Off; 2 more'.
 */
export function summariseChanges(changes: FieldChange[], words: AuditWords, shown = 3): string {
  const parts = changes.slice(0, shown).map((change) => {
    const { label, before, after } = describeChange(change, words);
    if (change.before === undefined) return `${label}: ${after}`;
    if (change.after === undefined) return `${label}: ${before}`;
    return `${label}: ${words.fromTo(before, after)}`;
  });
  if (changes.length > shown) parts.push(words.more(changes.length - shown));
  return parts.join('; ');
}

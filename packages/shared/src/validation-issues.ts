import type { z } from 'zod';
import { VALIDATION_MESSAGES, type ValidationMessageKey, validationMessage } from './messages';

/** The fields of a zod issue (raw or final) that choose its message and fill its parameters. */
interface IssueFields {
  code: string;
  message?: string;
  input?: unknown;
  origin?: string;
  format?: string;
  expected?: string;
  inclusive?: boolean;
  minimum?: unknown;
  maximum?: unknown;
  values?: unknown[];
  keys?: string[];
  divisor?: unknown;
}

/** String formats that are identifiers: the caller sent an id that cannot be one of ours. */
const ID_FORMATS = new Set(['uuid', 'guid', 'cuid', 'cuid2', 'ulid', 'nanoid', 'xid', 'ksuid']);
const DATE_TIME_FORMATS = new Set(['datetime', 'time', 'duration']);

function formatKey(format: string | undefined): ValidationMessageKey {
  if (format && ID_FORMATS.has(format)) return 'idInvalid';
  if (format === 'email') return 'emailInvalid';
  if (format === 'url') return 'linkInvalid';
  if (format === 'date') return 'calendarDateInvalid';
  if (format && DATE_TIME_FORMATS.has(format)) return 'dateInvalid';
  return 'formatInvalid';
}

function sizeKey(issue: IssueFields, bound: 'maximum' | 'minimum'): ValidationMessageKey {
  const tooBig = bound === 'maximum';
  switch (issue.origin) {
    case 'number':
    case 'int':
    case 'bigint':
      if (tooBig) return issue.inclusive === false ? 'numberBelow' : 'numberAtMost';
      return issue.inclusive === false ? 'numberAbove' : 'numberAtLeast';
    case 'string':
      // `.min(1)` is how a schema says "not empty".
      if (!tooBig && Number(issue.minimum) === 1) return 'fieldRequired';
      return tooBig ? 'textTooLong' : 'textTooShort';
    case 'array':
    case 'set':
      return tooBig ? 'tooManyItems' : 'tooFewItems';
    default:
      return 'valueInvalid';
  }
}

/** The catalog key of an issue whose schema gave no message of its own. */
function genericKey(issue: IssueFields): ValidationMessageKey {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined && 'input' in issue) return 'fieldRequired';
      if (issue.expected === 'int') return 'integerInvalid';
      if (issue.expected === 'number' || issue.expected === 'bigint') return 'numberInvalid';
      if (issue.expected === 'boolean') return 'booleanInvalid';
      return 'typeInvalid';
    case 'too_big':
      return sizeKey(issue, 'maximum');
    case 'too_small':
      return sizeKey(issue, 'minimum');
    case 'invalid_format':
      return formatKey(issue.format);
    case 'invalid_value':
      return 'optionInvalid';
    case 'not_multiple_of':
      return 'multipleOfInvalid';
    case 'unrecognized_keys':
      return 'fieldsUnknown';
    default:
      return 'valueInvalid';
  }
}

/**
 * A zod error map (pass it as `schema.safeParse(data, { error: validationErrorMap })`): every issue a
 * schema did not word itself gets a `validation.<key>` message, so no zod English ('Invalid UUID',
 * 'Too big: expected number to be <=50') reaches a user. Messages the schemas carry still win.
 */
export const validationErrorMap: z.core.$ZodErrorMap = (issue) =>
  validationMessage(genericKey(issue as IssueFields));

function isValidationKey(key: string): key is ValidationMessageKey {
  return Object.hasOwn(VALIDATION_MESSAGES, key);
}

function describeValue(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** The {{parameters}} a generic message names, read from the issue. */
function issueParameters(issue: IssueFields): Record<string, string> {
  const parameters: Record<string, string> = {};
  if (issue.maximum !== undefined) parameters.maximum = describeValue(issue.maximum);
  if (issue.minimum !== undefined) parameters.minimum = describeValue(issue.minimum);
  if (issue.divisor !== undefined) parameters.divisor = describeValue(issue.divisor);
  if (issue.values) parameters.options = issue.values.map(describeValue).join(', ');
  if (issue.keys) parameters.keys = issue.keys.join(', ');
  return parameters;
}

export interface DescribedIssue {
  key: `validation.${ValidationMessageKey}`;
  /** Values for the message's {{placeholders}}; empty for the schemas' own messages. */
  params: Record<string, string>;
}

/**
 * The catalog key and parameters of a final zod issue: the schema's own `validation.<key>` message when it
 * has one, else the generic key the error map gave (or would have given) it.
 */
export function describeIssue(issue: IssueFields): DescribedIssue {
  const message = issue.message ?? '';
  const own = message.startsWith('validation.') ? message.slice('validation.'.length) : '';
  const key = isValidationKey(own) ? own : genericKey(issue);
  const texts = VALIDATION_MESSAGES[key] as string;
  return { key: validationMessage(key), params: texts.includes('{{') ? issueParameters(issue) : {} };
}

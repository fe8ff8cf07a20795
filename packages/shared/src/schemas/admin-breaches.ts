import { z } from 'zod';
import { MAX_TEXT_LENGTH, RETENTION } from '../constants';
import { validationMessage as message } from '../messages';
import { listQuerySchema } from './admin-list';
import { dataEnvelope, pageEnvelope } from './envelope';

/** How long after a breach is found the authority must be notified (the legal pages' promise). */
export const BREACH_NOTICE_HOURS = RETENTION.breachNoticeHours;

/** The longest description of what happened, who is affected, or how the authority was told. */
export const MAX_BREACH_TEXT_LENGTH = 4 * MAX_TEXT_LENGTH;

const instant = z.iso.datetime({ offset: true, error: message('breachTimeInvalid') });
const text = (required: Parameters<typeof message>[0]) =>
  z
    .string({ error: message(required) })
    .trim()
    .min(1, message(required))
    .max(MAX_BREACH_TEXT_LENGTH, message('breachTextTooLong'));

/** POST /admin/breaches: a suspected breach, as soon as it is known. */
export const recordBreachBodySchema = z.object({
  foundAt: instant,
  summary: text('breachSummaryRequired'),
  affected: text('breachAffectedRequired'),
});
export type RecordBreachBody = z.infer<typeof recordBreachBodySchema>;

/** PATCH /admin/breaches/{id}/notification: when and how the authority was notified. */
export const breachNotificationBodySchema = z.object({
  notifiedAt: instant,
  notification: text('breachNotificationRequired'),
});
export type BreachNotificationBody = z.infer<typeof breachNotificationBodySchema>;

/** One entry of the register, with the deadline the notice must meet. */
export const breachSchema = z.object({
  _id: z.string(),
  foundAt: z.string(),
  summary: z.string(),
  affected: z.string(),
  /** foundAt + BREACH_NOTICE_HOURS. */
  noticeDeadline: z.string(),
  notifiedAt: z.string().nullable(),
  notification: z.string().nullable(),
  recordedBy: z.object({ _id: z.string(), name: z.string() }).nullable(),
  createdAt: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;

/** GET /admin/breaches: the list contract, newest found first. */
export const breachListQuerySchema = listQuerySchema;
export type BreachListQuery = z.infer<typeof breachListQuerySchema>;
export const breachListResponseSchema = pageEnvelope(breachSchema);
export const breachResponseSchema = dataEnvelope(breachSchema);

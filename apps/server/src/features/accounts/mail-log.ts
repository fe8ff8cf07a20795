import type { MailMessage } from '../../lib/mailer';
import type { AccountsDependencies } from './dependencies';
import { recordMailSent } from './repository';

/** What Ovation mails an account: the kinds a data download lists under "mailsSent". */
export type AccountMailKind =
  | 'verification-code'
  | 'password-reset'
  | 'deletion-code'
  | 'registration-notice';

/**
 * The one way an account's mail leaves: sent, then recorded (kind, address, time; never the content, so
 * never a code) for the account's data download. A failed send throws and records nothing; a failed
 * record is logged and does not undo a mail that went.
 */
export async function mailAccount(
  deps: Pick<AccountsDependencies, 'db' | 'mailer' | 'clock' | 'logger'>,
  userId: string,
  kind: AccountMailKind,
  message: MailMessage,
): Promise<void> {
  await deps.mailer.send(message);
  try {
    await recordMailSent(deps.db, { userId, kind, recipient: message.to, sentAt: deps.clock.now() });
  } catch (error) {
    deps.logger.error({ err: error, userId, kind }, 'could not record a mail sent');
  }
}

import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SinkMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on a random local port that keeps every message it receives, so tests send mail
 * exactly as production does and read the codes back.
 */
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;

export async function startSmtpSink() {
  const messages: SinkMessage[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** The newest 6-digit code mailed to `address`, waiting briefly for it to arrive. */
    async latestCode(address: string): Promise<string> {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        const message = [...messages].reverse().find((item) => item.to.includes(address));
        const code = message?.text.match(/^\s*(\d{6})\s*$/m)?.[1];
        if (code) return code;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`No code was mailed to ${address}`);
    },
    countTo(address: string) {
      return messages.filter((item) => item.to.includes(address)).length;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

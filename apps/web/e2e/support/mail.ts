import fs from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';

interface SentMail {
  to: string[];
  subject: string;
  text: string;
}

/** Every mail the server has sent so far, oldest first (written by global-setup's SMTP sink). */
async function readMails(): Promise<SentMail[]> {
  const dir = inject('mailDir');
  const files = (await fs.readdir(dir)).filter((file) => file.endsWith('.json')).sort();
  const mails: SentMail[] = [];
  for (const file of files) {
    try {
      mails.push(JSON.parse(await fs.readFile(path.join(dir, file), 'utf8')) as SentMail);
    } catch {
      // Still being written: the next poll reads it.
    }
  }
  return mails;
}

/** How many mails went to `address` so far. */
export async function countMailsTo(address: string): Promise<number> {
  return (await readMails()).filter((mail) => mail.to.includes(address)).length;
}

/** The 6-digit code of the newest mail to `address` after the first `skip` ones, waiting up to 10 s. */
export async function latestCode(address: string, skip = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mails = (await readMails()).filter((mail) => mail.to.includes(address)).slice(skip);
    const code = mails.at(-1)?.text.match(/^\s*(\d{6})\s*$/m)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No code was mailed to ${address}`);
}

/** The text of the newest mail to `address` after the first `skip` ones, waiting up to 10 s. */
export async function latestMailText(address: string, skip = 0): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = (await readMails())
      .filter((item) => item.to.includes(address))
      .slice(skip)
      .at(-1);
    if (mail) return mail.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail went to ${address}`);
}

import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@ovation/shared';
import type { MailMessage } from '../../lib/mailer';

/** One line of an account mail: plain text, a code shown large, or a button link. */
export type MailBlock =
  | { kind: 'text'; text: string; muted?: boolean }
  | { kind: 'code'; code: string }
  | { kind: 'link'; label: string; href: string };

/** The mail's language: the user's saved one, or the default for a value that is not one of ours. */
function mailLanguage(language: string): LanguageCode {
  return isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
}

/** The opening line of every account mail, in the five languages. */
const GREETINGS: Record<LanguageCode, (name: string) => string> = {
  en: (name) => `Hello ${name},`,
  fr: (name) => `Bonjour ${name},`,
  pt: (name) => `Olá ${name},`,
  ar: (name) => `مرحبًا ${name}،`,
  sw: (name) => `Habari ${name},`,
};

/** What every account mail says in each language: its subject, why it came, and what to do if unasked. */
export interface AccountMailText {
  subject: string;
  intro: string;
  ignore: string;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function blockHtml(block: MailBlock) {
  switch (block.kind) {
    case 'text':
      return `<tr><td style="padding-top:12px;font-size:${block.muted ? '14px;color:#a8a29e' : '16px'}">${escapeHtml(block.text)}</td></tr>`;
    case 'code':
      return `<tr><td style="padding:24px 0;font-size:36px;font-weight:800;letter-spacing:8px;color:#fbbf24;direction:ltr;text-align:center">${escapeHtml(block.code)}</td></tr>`;
    case 'link':
      return `<tr><td style="padding-top:16px"><a href="${escapeHtml(block.href)}" style="display:inline-block;background:#fbbf24;color:#1c1917;font-weight:700;text-decoration:none;border-radius:999px;padding:12px 24px">${escapeHtml(block.label)}</a></td></tr>`;
  }
}

/**
 * The frame every account mail shares (verification, password reset, "someone tried to register"):
 * HTML in the user's language and direction, and a plain-text twin where a code stands on a line of
 * its own and a link follows its label.
 */
function renderAccountMail(options: {
  to: string;
  subject: string;
  language: LanguageCode;
  blocks: MailBlock[];
}): MailMessage {
  const direction = options.language === 'ar' ? 'rtl' : 'ltr';
  const text = options.blocks
    .map((block) =>
      block.kind === 'code'
        ? block.code
        : block.kind === 'link'
          ? `${block.label}:\n${block.href}`
          : block.text,
    )
    .join('\n\n');
  const html = `<!doctype html><html lang="${options.language}" dir="${direction}"><body style="margin:0;background:#0c0a09;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;color:#e7e5e4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#1c1917;border-radius:16px;padding:32px">
<tr><td style="font-size:24px;font-weight:800;color:#fbbf24;padding-bottom:12px">Ovation</td></tr>
${options.blocks.map(blockHtml).join('\n')}
</table></td></tr></table></body></html>`;
  return { to: options.to, subject: options.subject, text, html };
}

/**
 * An account mail in the user's language (English when it is not one of the five): the greeting and the
 * intro, the blocks `compose` gives from that language's texts, and the muted "if you didn't ask" line.
 */
export function renderLocalizedMail<Text extends AccountMailText>(
  texts: Record<LanguageCode, Text>,
  options: { to: string; name: string; language: string },
  compose: (text: Text) => { subject?: string; blocks: MailBlock[] },
): MailMessage {
  const language = mailLanguage(options.language);
  const text = texts[language];
  const { subject = text.subject, blocks } = compose(text);
  return renderAccountMail({
    to: options.to,
    subject,
    language,
    blocks: [
      { kind: 'text', text: GREETINGS[language](options.name) },
      { kind: 'text', text: text.intro },
      ...blocks,
      { kind: 'text', text: text.ignore, muted: true },
    ],
  });
}

/** What a mail carrying a 6-digit code says besides the common texts: when the code expires. */
export interface CodeMailText extends AccountMailText {
  expiry: (minutes: number) => string;
}

/** A mail whose point is a 6-digit code (verification, account deletion): the code, then its expiry. */
export function renderCodeMail(
  texts: Record<LanguageCode, CodeMailText>,
  options: { to: string; name: string; code: string; language: string; expiresInMinutes: number },
): MailMessage {
  return renderLocalizedMail(texts, options, (text) => ({
    subject: `${text.subject}: ${options.code}`,
    blocks: [
      { kind: 'code', code: options.code },
      { kind: 'text', text: text.expiry(options.expiresInMinutes), muted: true },
    ],
  }));
}

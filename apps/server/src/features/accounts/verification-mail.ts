import { isLanguageCode, type LanguageCode } from '@ovation/shared';
import type { MailMessage } from '../../lib/mailer';

interface MailText {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  expiry: (minutes: number) => string;
  ignore: string;
}

/** The verification mail in the five languages; the user's chosen language is used. */
const TEXTS: Record<LanguageCode, MailText> = {
  en: {
    subject: 'Your Ovation verification code',
    greeting: (name) => `Hello ${name},`,
    intro: 'Use this code to verify your email address and start voting:',
    expiry: (minutes) => `The code expires in ${minutes} minutes.`,
    ignore: "If you didn't create an Ovation account, you can ignore this email.",
  },
  fr: {
    subject: 'Votre code de vérification Ovation',
    greeting: (name) => `Bonjour ${name},`,
    intro: 'Utilisez ce code pour vérifier votre adresse e-mail et commencer à voter :',
    expiry: (minutes) => `Le code expire dans ${minutes} minutes.`,
    ignore: "Si vous n'avez pas créé de compte Ovation, ignorez cet e-mail.",
  },
  pt: {
    subject: 'O seu código de verificação Ovation',
    greeting: (name) => `Olá ${name},`,
    intro: 'Use este código para verificar o seu endereço de e-mail e começar a votar:',
    expiry: (minutes) => `O código expira em ${minutes} minutos.`,
    ignore: 'Se não criou uma conta Ovation, pode ignorar este e-mail.',
  },
  ar: {
    subject: 'رمز التحقق الخاص بك في Ovation',
    greeting: (name) => `مرحبًا ${name}،`,
    intro: 'استخدم هذا الرمز لتأكيد بريدك الإلكتروني والبدء في التصويت:',
    expiry: (minutes) => `تنتهي صلاحية الرمز خلال ${minutes} دقائق.`,
    ignore: 'إذا لم تُنشئ حسابًا في Ovation، يمكنك تجاهل هذه الرسالة.',
  },
  sw: {
    subject: 'Msimbo wako wa uthibitisho wa Ovation',
    greeting: (name) => `Habari ${name},`,
    intro: 'Tumia msimbo huu kuthibitisha barua pepe yako na kuanza kupiga kura:',
    expiry: (minutes) => `Msimbo utaisha muda baada ya dakika ${minutes}.`,
    ignore: 'Ikiwa hukufungua akaunti ya Ovation, unaweza kupuuza barua pepe hii.',
  },
};

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Builds the HTML and text verification mail carrying the 6-digit code. */
export function verificationMail(options: {
  to: string;
  name: string;
  code: string;
  language: string;
  expiresInMinutes: number;
}): MailMessage {
  const language = isLanguageCode(options.language) ? options.language : 'en';
  const text = TEXTS[language];
  const direction = language === 'ar' ? 'rtl' : 'ltr';
  const lines = [
    text.greeting(options.name),
    '',
    text.intro,
    '',
    options.code,
    '',
    text.expiry(options.expiresInMinutes),
    '',
    text.ignore,
  ];
  const html = `<!doctype html><html lang="${language}" dir="${direction}"><body style="margin:0;background:#0c0a09;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif;color:#e7e5e4">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:480px;background:#1c1917;border-radius:16px;padding:32px">
<tr><td style="font-size:24px;font-weight:800;color:#fbbf24">Ovation</td></tr>
<tr><td style="padding-top:24px;font-size:16px">${escapeHtml(text.greeting(options.name))}</td></tr>
<tr><td style="padding-top:12px;font-size:16px">${escapeHtml(text.intro)}</td></tr>
<tr><td style="padding:24px 0;font-size:36px;font-weight:800;letter-spacing:8px;color:#fbbf24;direction:ltr;text-align:center">${options.code}</td></tr>
<tr><td style="font-size:14px;color:#a8a29e">${escapeHtml(text.expiry(options.expiresInMinutes))}</td></tr>
<tr><td style="padding-top:12px;font-size:14px;color:#a8a29e">${escapeHtml(text.ignore)}</td></tr>
</table></td></tr></table></body></html>`;
  return { to: options.to, subject: `${text.subject}: ${options.code}`, text: lines.join('\n'), html };
}

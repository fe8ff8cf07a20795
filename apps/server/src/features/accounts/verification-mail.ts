import type { LanguageCode } from '@ovation/shared';
import type { MailMessage } from '../../lib/mailer';
import { type CodeMailText, renderCodeMail } from './mail-layout';

/** The verification mail in the five languages; the user's chosen language is used. */
const TEXTS: Record<LanguageCode, CodeMailText> = {
  en: {
    subject: 'Your Ovation verification code',
    intro: 'Use this code to verify your email address and start voting:',
    expiry: (minutes) => `The code expires in ${minutes} minutes.`,
    ignore: "If you didn't create an Ovation account, you can ignore this email.",
  },
  fr: {
    subject: 'Votre code de vérification Ovation',
    intro: 'Utilisez ce code pour vérifier votre adresse e-mail et commencer à voter :',
    expiry: (minutes) => `Le code expire dans ${minutes} minutes.`,
    ignore: "Si vous n'avez pas créé de compte Ovation, ignorez cet e-mail.",
  },
  pt: {
    subject: 'O seu código de verificação Ovation',
    intro: 'Use este código para verificar o seu endereço de e-mail e começar a votar:',
    expiry: (minutes) => `O código expira em ${minutes} minutos.`,
    ignore: 'Se não criou uma conta Ovation, pode ignorar este e-mail.',
  },
  ar: {
    subject: 'رمز التحقق الخاص بك في Ovation',
    intro: 'استخدم هذا الرمز لتأكيد بريدك الإلكتروني والبدء في التصويت:',
    expiry: (minutes) => `تنتهي صلاحية الرمز خلال ${minutes} دقائق.`,
    ignore: 'إذا لم تُنشئ حسابًا في Ovation، يمكنك تجاهل هذه الرسالة.',
  },
  sw: {
    subject: 'Msimbo wako wa uthibitisho wa Ovation',
    intro: 'Tumia msimbo huu kuthibitisha barua pepe yako na kuanza kupiga kura:',
    expiry: (minutes) => `Msimbo utaisha muda baada ya dakika ${minutes}.`,
    ignore: 'Ikiwa hukufungua akaunti ya Ovation, unaweza kupuuza barua pepe hii.',
  },
};

/** Builds the HTML and text verification mail carrying the 6-digit code. */
export function verificationMail(options: {
  to: string;
  name: string;
  code: string;
  language: string;
  expiresInMinutes: number;
}): MailMessage {
  return renderCodeMail(TEXTS, options);
}

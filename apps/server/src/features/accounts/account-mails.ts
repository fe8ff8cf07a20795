import type { LanguageCode } from '@ovation/shared';
import type { MailMessage } from '../../lib/mailer';
import { type AccountMailText, type CodeMailText, renderCodeMail, renderLocalizedMail } from './mail-layout';

interface ResetText extends AccountMailText {
  linkIntro: string;
  linkLabel: string;
  expiry: (minutes: number) => string;
}

/** The password-reset mail in the five languages. */
const RESET_TEXTS: Record<LanguageCode, ResetText> = {
  en: {
    subject: 'Reset your Ovation password',
    intro:
      'Someone asked to reset the password of your Ovation account. Enter this code to choose a new one:',
    linkIntro: 'Or open this link, which works once:',
    linkLabel: 'Choose a new password',
    expiry: (minutes) => `The code and the link expire in ${minutes} minutes.`,
    ignore: "If you didn't ask for this, ignore this email: your password stays as it is.",
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe Ovation',
    intro:
      'Une réinitialisation du mot de passe de votre compte Ovation a été demandée. Saisissez ce code pour en choisir un nouveau :',
    linkIntro: 'Ou ouvrez ce lien, valable une seule fois :',
    linkLabel: 'Choisir un nouveau mot de passe',
    expiry: (minutes) => `Le code et le lien expirent dans ${minutes} minutes.`,
    ignore: "Si vous n'avez rien demandé, ignorez cet e-mail : votre mot de passe reste inchangé.",
  },
  pt: {
    subject: 'Redefina a sua palavra-passe Ovation',
    intro:
      'Foi pedida a redefinição da palavra-passe da sua conta Ovation. Introduza este código para escolher uma nova:',
    linkIntro: 'Ou abra esta ligação, que só funciona uma vez:',
    linkLabel: 'Escolher uma nova palavra-passe',
    expiry: (minutes) => `O código e a ligação expiram em ${minutes} minutos.`,
    ignore: 'Se não fez este pedido, ignore este e-mail: a sua palavra-passe fica como está.',
  },
  ar: {
    subject: 'إعادة تعيين كلمة مرور Ovation',
    intro: 'طلب أحدهم إعادة تعيين كلمة مرور حسابك في Ovation. أدخل هذا الرمز لاختيار كلمة مرور جديدة:',
    linkIntro: 'أو افتح هذا الرابط، وهو صالح لمرة واحدة:',
    linkLabel: 'اختيار كلمة مرور جديدة',
    expiry: (minutes) => `تنتهي صلاحية الرمز والرابط خلال ${minutes} دقيقة.`,
    ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.',
  },
  sw: {
    subject: 'Weka upya nenosiri lako la Ovation',
    intro:
      'Mtu ameomba kuweka upya nenosiri la akaunti yako ya Ovation. Weka msimbo huu kuchagua nenosiri jipya:',
    linkIntro: 'Au fungua kiungo hiki, kinachofanya kazi mara moja tu:',
    linkLabel: 'Chagua nenosiri jipya',
    expiry: (minutes) => `Msimbo na kiungo vitaisha muda baada ya dakika ${minutes}.`,
    ignore: 'Ikiwa hukuomba hili, puuza barua pepe hii: nenosiri lako litabaki kama lilivyo.',
  },
};

/** The mail with the 6-digit reset code and the single-use reset link. */
export function passwordResetMail(options: {
  to: string;
  name: string;
  code: string;
  link: string;
  language: string;
  expiresInMinutes: number;
}): MailMessage {
  return renderLocalizedMail(RESET_TEXTS, options, (text) => ({
    blocks: [
      { kind: 'code', code: options.code },
      { kind: 'text', text: text.linkIntro },
      { kind: 'link', label: text.linkLabel, href: options.link },
      { kind: 'text', text: text.expiry(options.expiresInMinutes), muted: true },
    ],
  }));
}

interface ExistingText extends AccountMailText {
  signIn: string;
  reset: string;
}

/** "Someone tried to register with your address", in the five languages. */
const EXISTING_TEXTS: Record<LanguageCode, ExistingText> = {
  en: {
    subject: 'Someone tried to register with your email',
    intro:
      'Someone just tried to create an Ovation account with your email address. You already have an account, so nothing was created.',
    signIn: 'Sign in to Ovation',
    reset: 'Forgot your password? Reset it',
    ignore: "If this wasn't you, you can ignore this email: your account is unchanged.",
  },
  fr: {
    subject: "Quelqu'un a essayé de s'inscrire avec votre e-mail",
    intro:
      "Quelqu'un vient d'essayer de créer un compte Ovation avec votre adresse e-mail. Vous avez déjà un compte : rien n'a été créé.",
    signIn: 'Se connecter à Ovation',
    reset: 'Mot de passe oublié ? Le réinitialiser',
    ignore: "Si ce n'était pas vous, ignorez cet e-mail : votre compte n'a pas changé.",
  },
  pt: {
    subject: 'Alguém tentou registar-se com o seu e-mail',
    intro:
      'Alguém tentou agora criar uma conta Ovation com o seu endereço de e-mail. Já tem uma conta, por isso nada foi criado.',
    signIn: 'Iniciar sessão no Ovation',
    reset: 'Esqueceu a palavra-passe? Redefini-la',
    ignore: 'Se não foi você, pode ignorar este e-mail: a sua conta não mudou.',
  },
  ar: {
    subject: 'حاول أحدهم التسجيل ببريدك الإلكتروني',
    intro:
      'حاول أحدهم للتو إنشاء حساب في Ovation ببريدك الإلكتروني. لديك حساب بالفعل، لذلك لم يُنشأ أي حساب جديد.',
    signIn: 'تسجيل الدخول إلى Ovation',
    reset: 'نسيت كلمة المرور؟ أعد تعيينها',
    ignore: 'إذا لم تكن أنت، يمكنك تجاهل هذه الرسالة: لم يتغير شيء في حسابك.',
  },
  sw: {
    subject: 'Mtu amejaribu kujisajili kwa barua pepe yako',
    intro:
      'Mtu amejaribu sasa hivi kufungua akaunti ya Ovation kwa barua pepe yako. Tayari una akaunti, kwa hivyo hakuna kilichofunguliwa.',
    signIn: 'Ingia kwenye Ovation',
    reset: 'Umesahau nenosiri? Liweke upya',
    ignore: 'Ikiwa si wewe, unaweza kupuuza barua pepe hii: akaunti yako haijabadilika.',
  },
};

/** Tells an account's owner that someone tried to register with their address, with a way back in. */
export function existingAccountMail(options: {
  to: string;
  name: string;
  language: string;
  signInLink: string;
  resetLink: string;
}): MailMessage {
  return renderLocalizedMail(EXISTING_TEXTS, options, (text) => ({
    blocks: [
      { kind: 'link', label: text.signIn, href: options.signInLink },
      { kind: 'link', label: text.reset, href: options.resetLink },
    ],
  }));
}

/** The code that confirms deleting an account without a password (social sign-in), in the five languages. */
const DELETION_TEXTS: Record<LanguageCode, CodeMailText> = {
  en: {
    subject: 'Your code to delete your Ovation account',
    intro: 'You asked to delete your Ovation account. Enter this code on your profile to confirm:',
    expiry: (minutes) => `The code expires in ${minutes} minutes.`,
    ignore: "If you didn't ask for this, ignore this email: your account stays as it is.",
  },
  fr: {
    subject: 'Votre code pour supprimer votre compte Ovation',
    intro:
      'Vous avez demandé la suppression de votre compte Ovation. Saisissez ce code sur votre profil pour confirmer :',
    expiry: (minutes) => `Le code expire dans ${minutes} minutes.`,
    ignore: "Si vous n'avez rien demandé, ignorez cet e-mail : votre compte reste tel quel.",
  },
  pt: {
    subject: 'O seu código para eliminar a sua conta Ovation',
    intro: 'Pediu para eliminar a sua conta Ovation. Introduza este código no seu perfil para confirmar:',
    expiry: (minutes) => `O código expira em ${minutes} minutos.`,
    ignore: 'Se não fez este pedido, ignore este e-mail: a sua conta fica como está.',
  },
  ar: {
    subject: 'رمز حذف حسابك في Ovation',
    intro: 'طلبت حذف حسابك في Ovation. أدخل هذا الرمز في ملفك الشخصي للتأكيد:',
    expiry: (minutes) => `تنتهي صلاحية الرمز خلال ${minutes} دقائق.`,
    ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: يبقى حسابك كما هو.',
  },
  sw: {
    subject: 'Msimbo wako wa kufuta akaunti yako ya Ovation',
    intro: 'Uliomba kufuta akaunti yako ya Ovation. Weka msimbo huu kwenye wasifu wako kuthibitisha:',
    expiry: (minutes) => `Msimbo utaisha muda baada ya dakika ${minutes}.`,
    ignore: 'Ikiwa hukuomba hili, puuza barua pepe hii: akaunti yako itabaki kama ilivyo.',
  },
};

/** The mail with the 6-digit code that confirms an account's deletion. */
export function accountDeletionMail(options: {
  to: string;
  name: string;
  code: string;
  language: string;
  expiresInMinutes: number;
}): MailMessage {
  return renderCodeMail(DELETION_TEXTS, options);
}

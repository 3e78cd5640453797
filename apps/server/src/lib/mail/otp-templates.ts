import type { Language } from '@casino/contracts';

export type CodePurpose = 'registration' | 'email_change' | 'password_reset';

export interface CodeMailInput {
  purpose: CodePurpose;
  language: Language;
  code: string;
  /** The name the player chose or has; shown in the greeting. */
  username: string;
  validMinutes: number;
  /** PUBLIC_URL: the site's address, linked at the end when known. */
  publicUrl?: string | undefined;
}

export interface CodeMail {
  subject: string;
  text: string;
  html: string;
}

/** What a language's three letters say alike: the greeting, the code's life, the signature. */
interface LanguageTexts {
  greeting: (name: string) => string;
  validity: (minutes: number) => string;
  signature: string;
}

/** What a letter says of its own purpose. */
interface PurposeTexts {
  subject: string;
  intro: string;
  /** Said after the validity (a password reset signs the other devices out). */
  afterValidity?: string;
  ignore: string;
}

const brand = 'Orbita';

const languageTexts: Record<Language, LanguageTexts> = {
  en: {
    greeting: (name) => `Hello, ${name}!`,
    validity: (m) => `The code is valid for ${m} minutes and works once.`,
    signature: `The ${brand} team`,
  },
  ru: {
    greeting: (name) => `Здравствуйте, ${name}!`,
    validity: (m) => `Код действует ${m} минут и подходит один раз.`,
    signature: `Команда ${brand}`,
  },
};

const purposeTexts: Record<Language, Record<CodePurpose, PurposeTexts>> = {
  en: {
    registration: {
      subject: `${brand}: your registration code`,
      intro: 'Enter this code to finish creating your account:',
      ignore: 'If you did not register, ignore this message: no account is created without it.',
    },
    email_change: {
      subject: `${brand}: confirm your new e-mail`,
      intro: 'Enter this code in your profile to make this your account e-mail:',
      ignore: 'If you did not ask for this, ignore this message: nothing changes without it.',
    },
    password_reset: {
      subject: `${brand}: your password reset code`,
      intro: 'Enter this code with your new password to get back into your account:',
      afterValidity: 'Your other devices will be signed out.',
      ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
    },
  },
  ru: {
    registration: {
      subject: `${brand}: код для регистрации`,
      intro: 'Введите этот код, чтобы завершить создание аккаунта:',
      ignore:
        'Если вы не регистрировались, просто проигнорируйте это письмо: без кода аккаунт не будет создан.',
    },
    email_change: {
      subject: `${brand}: подтвердите новый e-mail`,
      intro: 'Введите этот код в профиле, чтобы сделать этот адрес e-mail аккаунта:',
      ignore:
        'Если вы этого не запрашивали, просто проигнорируйте письмо: без кода ничего не изменится.',
    },
    password_reset: {
      subject: `${brand}: код для сброса пароля`,
      intro: 'Введите этот код вместе с новым паролем, чтобы вернуться в аккаунт:',
      afterValidity: 'На других устройствах вход будет завершён.',
      ignore: 'Если вы этого не запрашивали, просто проигнорируйте письмо: пароль не изменится.',
    },
  },
};

/** One letter's texts: its language's common lines around its purpose's own. */
function textsOf(language: Language, purpose: CodePurpose) {
  const common = languageTexts[language];
  const own = purposeTexts[language][purpose];
  return {
    ...common,
    ...own,
    validity: (minutes: number) =>
      [common.validity(minutes), own.afterValidity].filter(Boolean).join(' '),
  };
}

const htmlEscapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => htmlEscapes[c] ?? c);
}

/** The e-mail carrying a one-time code, in plain text and HTML, in the player's language. */
export function codeMail(input: CodeMailInput): CodeMail {
  const t = textsOf(input.language, input.purpose);
  const lines = [
    t.greeting(input.username),
    '',
    t.intro,
    '',
    `    ${input.code}`,
    '',
    t.validity(input.validMinutes),
    t.ignore,
    '',
    t.signature,
    ...(input.publicUrl ? [input.publicUrl] : []),
  ];
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text)}</p>`;
  const link = input.publicUrl
    ? `<p style="margin:0"><a href="${escapeHtml(input.publicUrl)}">${escapeHtml(input.publicUrl)}</a></p>`
    : '';
  const html = [
    '<!doctype html>',
    `<html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1b1b1f;line-height:1.5">',
    p(t.greeting(input.username)),
    p(t.intro),
    `<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:6px;font-family:'Courier New',monospace">${escapeHtml(input.code)}</p>`,
    p(t.validity(input.validMinutes)),
    p(t.ignore),
    p(t.signature),
    link,
    '</body></html>',
  ].join('\n');
  return { subject: t.subject, text: `${lines.join('\n')}\n`, html };
}

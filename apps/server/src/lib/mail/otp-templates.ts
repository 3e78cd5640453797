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

interface Texts {
  subject: string;
  greeting: (name: string) => string;
  intro: string;
  validity: (minutes: number) => string;
  ignore: string;
  signature: string;
}

const brand = 'Orbita';

const texts: Record<Language, Record<CodePurpose, Texts>> = {
  en: {
    registration: {
      subject: `${brand}: your registration code`,
      greeting: (name) => `Hello, ${name}!`,
      intro: 'Enter this code to finish creating your account:',
      validity: (m) => `The code is valid for ${m} minutes and works once.`,
      ignore: 'If you did not register, ignore this message: no account is created without it.',
      signature: `The ${brand} team`,
    },
    email_change: {
      subject: `${brand}: confirm your new e-mail`,
      greeting: (name) => `Hello, ${name}!`,
      intro: 'Enter this code in your profile to make this your account e-mail:',
      validity: (m) => `The code is valid for ${m} minutes and works once.`,
      ignore: 'If you did not ask for this, ignore this message: nothing changes without it.',
      signature: `The ${brand} team`,
    },
    password_reset: {
      subject: `${brand}: your password reset code`,
      greeting: (name) => `Hello, ${name}!`,
      intro: 'Enter this code with your new password to get back into your account:',
      validity: (m) =>
        `The code is valid for ${m} minutes and works once. Your other devices will be signed out.`,
      ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
      signature: `The ${brand} team`,
    },
  },
  ru: {
    registration: {
      subject: `${brand}: код для регистрации`,
      greeting: (name) => `Здравствуйте, ${name}!`,
      intro: 'Введите этот код, чтобы завершить создание аккаунта:',
      validity: (m) => `Код действует ${m} минут и подходит один раз.`,
      ignore:
        'Если вы не регистрировались, просто проигнорируйте это письмо: без кода аккаунт не будет создан.',
      signature: `Команда ${brand}`,
    },
    email_change: {
      subject: `${brand}: подтвердите новый e-mail`,
      greeting: (name) => `Здравствуйте, ${name}!`,
      intro: 'Введите этот код в профиле, чтобы сделать этот адрес e-mail аккаунта:',
      validity: (m) => `Код действует ${m} минут и подходит один раз.`,
      ignore:
        'Если вы этого не запрашивали, просто проигнорируйте письмо: без кода ничего не изменится.',
      signature: `Команда ${brand}`,
    },
    password_reset: {
      subject: `${brand}: код для сброса пароля`,
      greeting: (name) => `Здравствуйте, ${name}!`,
      intro: 'Введите этот код вместе с новым паролем, чтобы вернуться в аккаунт:',
      validity: (m) =>
        `Код действует ${m} минут и подходит один раз. На других устройствах вход будет завершён.`,
      ignore: 'Если вы этого не запрашивали, просто проигнорируйте письмо: пароль не изменится.',
      signature: `Команда ${brand}`,
    },
  },
};

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
  const t = texts[input.language][input.purpose];
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

import type { Language } from '@casino/contracts';
import type { MailMessage } from './mailer';

export interface NewDeviceMailInput {
  language: Language;
  username: string;
  /** "Firefox 126 on Windows 10", or null when the browser did not say. */
  device: string | null;
  /** An approximate place, when a geo database is configured. */
  place?: string | undefined;
  at: Date;
  publicUrl?: string | undefined;
}

const brand = 'Orbita';

const texts = {
  en: {
    subject: `${brand}: new sign-in to your account`,
    greeting: (name: string) => `Hello, ${name}!`,
    intro: 'Your account was just signed in to from a browser we had not seen before:',
    unknownDevice: 'an unknown browser',
    near: 'near',
    ifYou: 'If this was you, there is nothing to do.',
    ifNot:
      'If it was not, reset your password now ("Forgot password?" in the login window) and sign out the other devices in your profile.',
    signature: `The ${brand} team`,
  },
  ru: {
    subject: `${brand}: новый вход в аккаунт`,
    greeting: (name: string) => `Здравствуйте, ${name}!`,
    intro: 'Только что в ваш аккаунт вошли из браузера, которого мы раньше не видели:',
    unknownDevice: 'неизвестный браузер',
    near: 'рядом с',
    ifYou: 'Если это были вы, ничего делать не нужно.',
    ifNot:
      'Если нет, сразу смените пароль («Забыли пароль?» в окне входа) и завершите другие сеансы в профиле.',
    signature: `Команда ${brand}`,
  },
} as const;

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => escapes[c] ?? c);

/** The notice of a sign-in from a new browser, in plain text and HTML. */
export function newDeviceMail(input: NewDeviceMailInput): Omit<MailMessage, 'to'> {
  const t = texts[input.language];
  const when = `${input.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  const what = [input.device ?? t.unknownDevice, input.place ? `${t.near} ${input.place}` : null]
    .filter(Boolean)
    .join(', ');
  const paragraphs = [
    t.greeting(input.username),
    t.intro,
    `${what} — ${when}`,
    t.ifYou,
    t.ifNot,
    t.signature,
    ...(input.publicUrl ? [input.publicUrl] : []),
  ];
  const html = [
    '<!doctype html>',
    `<html lang="${input.language}"><head><meta charset="utf-8"><title>${escapeHtml(t.subject)}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1b1b1f;line-height:1.5">',
    ...paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`),
    '</body></html>',
  ].join('\n');
  return { subject: t.subject, text: `${paragraphs.join('\n\n')}\n`, html };
}

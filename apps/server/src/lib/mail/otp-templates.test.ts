import { describe, expect, it } from 'vitest';
import { codeMail } from './otp-templates';

/** A code mail of a registration in English, with what a test changes. */
const mailWith = (input: Partial<Parameters<typeof codeMail>[0]>) =>
  codeMail({
    purpose: 'registration',
    language: 'en',
    code: '000000',
    username: 'player',
    validMinutes: 10,
    ...input,
  });

describe('code mail', () => {
  it('shows the code in both parts, in Russian', () => {
    const mail = mailWith({ language: 'ru', code: '042917', username: 'lucky_7' });
    expect(mail.subject).toContain('код');
    expect(mail.text).toContain('042917');
    expect(mail.text).toContain('Здравствуйте, lucky_7!');
    expect(mail.text).toContain('10 минут');
    expect(mail.html).toContain('>042917<');
    expect(mail.html).toContain('lang="ru"');
  });

  it('writes the e-mail change in English and links the site when known', () => {
    const mail = mailWith({
      purpose: 'email_change',
      code: '123456',
      publicUrl: 'https://casino.example.com',
    });
    expect(mail.subject).toBe('Orbita: confirm your new e-mail');
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('https://casino.example.com');
    expect(mail.html).toContain('href="https://casino.example.com"');
  });

  it('escapes what goes into the HTML', () => {
    const mail = mailWith({ username: '<b>x</b>' });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('password reset mail', () => {
  it('says what the code is for and what happens to other devices, in both languages', () => {
    const input = { purpose: 'password_reset', code: '314159', username: 'ann' } as const;
    const en = mailWith({ ...input, language: 'en' });
    expect(en.subject).toBe('Orbita: your password reset code');
    expect(en.text).toContain('314159');
    expect(en.text).toContain('Your other devices will be signed out.');
    const ru = mailWith({ ...input, language: 'ru' });
    expect(ru.subject).toBe('Orbita: код для сброса пароля');
    expect(ru.text).toContain('пароль не изменится');
  });
});

import { describe, expect, it } from 'vitest';
import { codeMail } from './otp-templates';

describe('code mail', () => {
  it('shows the code in both parts, in Russian', () => {
    const mail = codeMail({
      purpose: 'registration',
      language: 'ru',
      code: '042917',
      username: 'lucky_7',
      validMinutes: 10,
    });
    expect(mail.subject).toContain('код');
    expect(mail.text).toContain('042917');
    expect(mail.text).toContain('Здравствуйте, lucky_7!');
    expect(mail.text).toContain('10 минут');
    expect(mail.html).toContain('>042917<');
    expect(mail.html).toContain('lang="ru"');
  });

  it('writes the e-mail change in English and links the site when known', () => {
    const mail = codeMail({
      purpose: 'email_change',
      language: 'en',
      code: '123456',
      username: 'player',
      validMinutes: 10,
      publicUrl: 'https://casino.example.com',
    });
    expect(mail.subject).toBe('Orbita: confirm your new e-mail');
    expect(mail.text).toContain('123456');
    expect(mail.text).toContain('https://casino.example.com');
    expect(mail.html).toContain('href="https://casino.example.com"');
  });

  it('escapes what goes into the HTML', () => {
    const mail = codeMail({
      purpose: 'registration',
      language: 'en',
      code: '000000',
      username: '<b>x</b>',
      validMinutes: 10,
    });
    expect(mail.html).not.toContain('<b>x</b>');
    expect(mail.html).toContain('&lt;b&gt;x&lt;/b&gt;');
  });
});

describe('password reset mail', () => {
  it('says what the code is for and what happens to other devices, in both languages', () => {
    const input = { purpose: 'password_reset', code: '314159', username: 'ann', validMinutes: 10 };
    const en = codeMail({ ...input, purpose: 'password_reset', language: 'en' });
    expect(en.subject).toBe('Orbita: your password reset code');
    expect(en.text).toContain('314159');
    expect(en.text).toContain('Your other devices will be signed out.');
    const ru = codeMail({ ...input, purpose: 'password_reset', language: 'ru' });
    expect(ru.subject).toBe('Orbita: код для сброса пароля');
    expect(ru.text).toContain('пароль не изменится');
  });
});

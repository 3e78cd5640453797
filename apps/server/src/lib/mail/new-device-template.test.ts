import { describe, expect, it } from 'vitest';
import { newDeviceMail } from './new-device-template';

describe('new device mail', () => {
  const at = new Date('2026-05-04T09:30:00Z');

  it('says what signed in, where when known, and what to do, in Russian', () => {
    const mail = newDeviceMail({
      language: 'ru',
      username: 'ann',
      device: 'Firefox 126, Windows 10',
      place: 'Рига, Латвия',
      at,
    });
    expect(mail.subject).toBe('Orbita: новый вход в аккаунт');
    expect(mail.text).toContain(
      'Firefox 126, Windows 10, рядом с Рига, Латвия — 2026-05-04 09:30 UTC',
    );
    expect(mail.text).toContain('«Забыли пароль?»');
  });

  it('escapes what the browser sent in the HTML part', () => {
    const mail = newDeviceMail({ language: 'en', username: 'a', device: '<script>', at });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).not.toContain('near');
  });
});

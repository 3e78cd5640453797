import type { MailMessage, Mailer } from '../../src/lib/mail/mailer';

/** A mailer that keeps what it was asked to send, so tests can read one-time codes. */
export function createMemoryMailer(): Mailer & { outbox: MailMessage[] } {
  const outbox: MailMessage[] = [];
  return {
    outbox,
    send(message) {
      outbox.push(message);
      return Promise.resolve();
    },
  };
}

import { createTransport } from 'nodemailer';
import { parseConnectionUrl } from 'nodemailer/lib/shared';
import type { Mailer } from './mailer';

export interface SmtpMailerOptions {
  /** smtp://[user:pass@]host[:port][?ignoreTLS=true] or smtps://… (see configVariables). */
  url: string;
  /** "Name <address>" or a bare address. */
  from: string;
}

/**
 * Sends over SMTP with nodemailer. The URL's query becomes transport options (nodemailer's
 * own URL format), so `?ignoreTLS=true` serves a server whose STARTTLS must not be used; a
 * server that offers no STARTTLS at all (a local sink) works without it. Timeouts are short:
 * the player waits on the registration request while the message is handed over.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer {
  const transport = createTransport(
    {
      ...parseConnectionUrl(options.url),
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from: options.from },
  );
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

import type { Transporter } from 'nodemailer';
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
  // nodemailer is loaded with the first message, not at start-up (decision 055).
  let transport: Promise<Transporter> | undefined;
  const open = async () => {
    const [{ createTransport }, { parseConnectionUrl }] = await Promise.all([
      import('nodemailer'),
      import('nodemailer/lib/shared'),
    ]);
    return createTransport(
      {
        ...parseConnectionUrl(options.url),
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      },
      { from: options.from },
    );
  };
  return {
    async send(message) {
      transport ??= open();
      await (
        await transport
      ).sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
  };
}

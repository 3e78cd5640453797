import type { Logger } from './logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Sends e-mail (one-time codes, verification). Injected, so tests read what was sent. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Writes each message to the log instead of sending it: enough to read one-time codes
 * while developing until SMTP delivery exists. The body is logged at debug level only.
 */
export function createLogMailer(logger: Logger): Mailer {
  return {
    send(message) {
      logger.info(
        { mail: { to: message.to, subject: message.subject } },
        'mail not sent (log mailer)',
      );
      logger.debug({ mail: { text: message.text } }, 'mail body');
      return Promise.resolve();
    },
  };
}

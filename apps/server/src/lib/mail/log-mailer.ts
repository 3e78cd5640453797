import type { Config } from '../../config';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

/**
 * Used when SMTP_URL is not set: writes each message to the log instead of sending it.
 * In development the text (with its one-time code) is logged at info, so a developer can
 * register without a mail server; in production and test only the envelope is, since a
 * code in a shared log is a credential.
 */
export function createLogMailer(logger: Logger, env: Config['env'] = 'production'): Mailer {
  if (env === 'production') {
    // Said once at start-up: without SMTP nobody can finish a registration in production.
    logger.warn('SMTP_URL is not set: e-mails (registration and e-mail change codes) are not sent');
  }
  return {
    send(message) {
      const envelope = { to: message.to, subject: message.subject };
      if (env === 'development') {
        logger.info({ mail: { ...envelope, text: message.text } }, 'mail not sent (no SMTP_URL)');
      } else {
        logger.warn({ mail: envelope }, 'mail not sent: SMTP_URL is not set');
      }
      return Promise.resolve();
    },
  };
}

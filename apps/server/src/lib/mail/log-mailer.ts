import type { Config } from '../../config';
import type { Logger } from '../logger';
import type { Mailer } from './mailer';

/**
 * Used when SMTP_URL is not set: the server log IS the mail transport, so each message's
 * text (with its one-time code) is written there — otherwise nobody could finish a
 * registration on the embedded defaults (`npm start` with no mail server). An operator who
 * treats the log as shared sets SMTP_URL; the start-up warning says so. Under test only the
 * envelope is logged, so the tests can prove codes stay out of logs when mail is sent.
 * See docs/decisions/013-mail-without-smtp.md.
 */
export function createLogMailer(logger: Logger, env: Config['env'] = 'production'): Mailer {
  if (env === 'production') {
    // Said once at start-up: codes are readable by whoever reads this log.
    logger.warn(
      'SMTP_URL is not set: e-mails (with their one-time codes) are written to this log instead of being sent',
    );
  }
  return {
    send(message) {
      const envelope = { to: message.to, subject: message.subject };
      if (env !== 'test') {
        logger.info({ mail: { ...envelope, text: message.text } }, 'mail not sent (no SMTP_URL)');
      } else {
        logger.warn({ mail: envelope }, 'mail not sent: SMTP_URL is not set');
      }
      return Promise.resolve();
    },
  };
}

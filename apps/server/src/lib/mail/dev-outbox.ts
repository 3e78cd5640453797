import type { MailMessage, Mailer } from './mailer';

export interface OutboxEntry extends MailMessage {
  sentAt: string;
}

/** The last messages sent, newest first: read by GET /api/dev/outbox outside production. */
export interface DevOutbox {
  list(): OutboxEntry[];
}

const capacity = 50;

/**
 * Wraps a mailer so that every message it sends is also kept in memory (the last 50), for
 * developers and browser tests to read their one-time codes without a mail server.
 */
export function withDevOutbox(
  mailer: Mailer,
  now: () => Date,
): { mailer: Mailer; outbox: DevOutbox } {
  const entries: OutboxEntry[] = [];
  return {
    mailer: {
      async send(message) {
        await mailer.send(message);
        entries.unshift({ ...message, sentAt: now().toISOString() });
        entries.length = Math.min(entries.length, capacity);
      },
    },
    outbox: { list: () => [...entries] },
  };
}

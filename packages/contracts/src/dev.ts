import { z } from 'zod';

/**
 * GET /api/dev/outbox (development and test servers only; absent in production): the last
 * e-mails the server sent, newest first, so one-time codes can be read without a mail server.
 */
export const devOutboxResponseSchema = z.object({
  messages: z.array(
    z.object({
      to: z.string(),
      subject: z.string(),
      text: z.string(),
      html: z.string(),
      sentAt: z.string(),
    }),
  ),
});
export type DevOutboxResponse = z.infer<typeof devOutboxResponseSchema>;

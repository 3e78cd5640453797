import { z } from 'zod';

/** The support desk's numbers (docs/decisions/044-support-desk-and-content.md). */
export const supportLimits = {
  messageMaxLength: 2000,
  /** Messages a player may send per window… */
  rateLimitMessages: 10,
  /** …of this many seconds. */
  rateLimitWindowSeconds: 60,
  /** Messages of a thread sent at once (the newest). */
  threadSize: 200,
} as const;

/** The player's live thread (WebSocket): hello with the access token, then frames. */
export const supportSocketPath = '/api/support/socket';

const idSchema = z.string().regex(/^[1-9]\d{0,18}$/);

export const supportTextSchema = z
  .string()
  .transform((text) =>
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F]/g, '')
      .trim(),
  )
  .pipe(
    z
      .string()
      .min(1, { error: 'support.errors.empty' })
      .max(supportLimits.messageMaxLength, { error: 'support.errors.tooLong' }),
  );

export const supportMessageSchema = z.object({
  id: idSchema,
  /** Who wrote it: the player or an operator of support. */
  author: z.enum(['player', 'operator']),
  text: z.string(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

/** GET /support/thread: the player's conversation, oldest first. */
export const supportThreadResponseSchema = z.object({
  messages: z.array(supportMessageSchema),
  /** Operator messages the player has not marked read. */
  unread: z.number().int().min(0),
});
export type SupportThreadResponse = z.infer<typeof supportThreadResponseSchema>;

/** POST /support/messages */
export const supportPostRequestSchema = z.object({ text: supportTextSchema });
export const supportPostResponseSchema = supportMessageSchema;

/** POST /support/read: everything up to this id is read. */
export const supportReadRequestSchema = z.object({ up_to: idSchema });
export const supportReadResponseSchema = z.object({ unread: z.number().int().min(0) });

/** GET /support/info (public): what the help page's cards show. */
export const supportInfoResponseSchema = z.object({
  /** Mean time to an operator's first answer, over the last 30 days; null before any. */
  average_response_seconds: z.number().int().min(0).nullable(),
  /** The messaging-app channel's link, or null (the card is hidden). */
  channel_url: z.string().nullable(),
  /** The partner link, or null (the card is hidden). */
  partner_url: z.string().nullable(),
});
export type SupportInfo = z.infer<typeof supportInfoResponseSchema>;

/** Frames of the support socket. */
export const supportClientFrameSchema = z.object({
  type: z.literal('hello'),
  token: z.string().max(4096),
});
export const supportServerFrameSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  z.object({ type: z.literal('message'), message: supportMessageSchema }),
]);
export type SupportServerFrame = z.infer<typeof supportServerFrameSchema>;

/** GET /operator/support/threads: the conversations, those waiting for an answer first. */
/** A support thread's states on the support desk. */
export const supportThreadStatuses = ['open', 'waiting', 'closed'] as const;
export type SupportThreadStatus = (typeof supportThreadStatuses)[number];

export const operatorSupportThreadSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  last_message_at: z.string(),
  /** Player messages no operator has marked read. */
  unread: z.number().int().min(0),
  /** True when the player spoke last: someone should answer. */
  waiting: z.boolean(),
  /**
   * `open`: the player spoke last and waits for an answer; `waiting`: staff answered and the
   * thread waits for the player; `closed`: staff closed it (the player's next message
   * reopens it).
   */
  status: z.enum(supportThreadStatuses),
  closed_at: z.string().nullable(),
});
export const operatorSupportThreadsResponseSchema = z.object({
  data: z.array(operatorSupportThreadSchema),
});
/** GET /operator/support/threads?status=: one state, or `all` (the default). */
export const operatorSupportThreadsQuerySchema = z.object({
  status: z.enum([...supportThreadStatuses, 'all']).default('all'),
});
/** POST /operator/support/threads/:userId/close and /reopen. */
export const operatorSupportThreadStateSchema = z.object({
  user_id: z.string(),
  status: z.enum(supportThreadStatuses),
});
export const operatorSupportThreadParamsSchema = z.object({ userId: z.uuid() });
export const operatorSupportThreadResponseSchema = z.object({
  user_id: z.string(),
  username: z.string(),
  messages: z.array(supportMessageSchema),
});
/** POST /operator/support/threads/:userId/messages (also marks the thread read). */
export const operatorSupportPostRequestSchema = z.object({ text: supportTextSchema });

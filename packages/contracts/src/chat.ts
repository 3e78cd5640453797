import { z } from 'zod';

/** The live chat's numbers, shared by server and web (docs/decisions/043-live-chat.md). */
export const chatLimits = {
  /** Longest message, in characters, after trimming. */
  messageMaxLength: 500,
  /** Messages a player may post per window… */
  rateLimitMessages: 5,
  /** …of this many seconds (counted per player, across every server instance). */
  rateLimitWindowSeconds: 10,
  /** Messages sent on open (and at most this many on resume). */
  historySize: 50,
  /** The socket must say hello within this time or is closed. */
  helloTimeoutMs: 10_000,
  /** Longest mute an operator may give, in minutes (30 days). */
  muteMaxMinutes: 30 * 24 * 60,
} as const;

/** The WebSocket's path (GET with `Upgrade: websocket`). */
export const chatSocketPath = '/api/chat/socket';

/** Close codes of the chat socket beyond the standard ones. */
export const chatCloseCodes = {
  /** The access token given in hello is no longer valid: renew it and reconnect. */
  unauthorized: 4401,
  /** No hello in time, or a frame that is not one of the client messages. */
  protocol: 4400,
} as const;

/** Ids are decimal strings (64-bit in the database). */
const idSchema = z.string().regex(/^[1-9]\d{0,18}$/);

/**
 * Unicode's bidirectional controls: the embeddings and overrides (U+202A–U+202E), the isolates
 * (U+2066–U+2069) and the direction marks (U+200E, U+200F, U+061C). An override makes a message
 * or a name read differently from what it holds ("Trojan Source" spoofing); the marks steer
 * the order of what surrounds them the same way, and this chat's languages need none of them.
 */
export const bidiControls = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/**
 * The text a player sends: line breaks kept, other control characters and the bidirectional
 * controls dropped (a NUL could not even be stored), runs of blank lines collapsed, trimmed,
 * then 1 to 500 characters.
 */
export function normaliseChatText(text: string): string {
  return (
    text
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F\u200B\u2028\u2029]/g, '')
      .replace(bidiControls, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export const chatTextSchema = z
  .string()
  .transform(normaliseChatText)
  .pipe(
    z
      .string()
      .min(1, { error: 'chat.errors.empty' })
      .max(chatLimits.messageMaxLength, { error: 'chat.errors.tooLong' }),
  );

export const chatAuthorSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** URL of the avatar, or null for the default picture. */
  avatar: z.string().nullable(),
});
export type ChatAuthor = z.infer<typeof chatAuthorSchema>;

export const chatMessageSchema = z.object({
  id: idSchema,
  author: chatAuthorSchema,
  /** Plain text: the client renders it as text, never as HTML. */
  text: z.string(),
  created_at: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** Frames the browser sends. The first must be `hello`. */
export const chatClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    /** The player's access token; absent for a guest (reads only). */
    token: z.string().max(4096).optional(),
    /** The id of the newest message the client has: only newer ones are sent (resume). */
    after: idSchema.optional(),
  }),
  z.object({
    type: z.literal('post'),
    /** The client's own reference, echoed in `ack` or `error`. */
    ref: z.string().max(64),
    text: z.string().max(4 * chatLimits.messageMaxLength),
  }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof chatClientFrameSchema>;

export const chatErrorCodes = {
  /** Guests read only. */
  SIGN_IN_REQUIRED: 'SIGN_IN_REQUIRED',
  CHAT_RATE_LIMITED: 'CHAT_RATE_LIMITED',
  CHAT_MUTED: 'CHAT_MUTED',
  CHAT_MESSAGE_INVALID: 'CHAT_MESSAGE_INVALID',
  CHAT_UNAVAILABLE: 'CHAT_UNAVAILABLE',
  /** A time-out or self-exclusion holds: no chat posts (docs/decisions/070). */
  CHAT_RG_BLOCKED: 'CHAT_RG_BLOCKED',
} as const;
export type ChatErrorCode = (typeof chatErrorCodes)[keyof typeof chatErrorCodes];

/** Frames the server sends. */
export const chatServerFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('welcome'),
    /** The signed-in player, or null for a guest. */
    you: chatAuthorSchema.nullable(),
    online: z.number().int().min(0),
    /** Oldest first: the recent messages, or on resume those after `after`. */
    messages: z.array(chatMessageSchema),
    /**
     * True when `after` was too old to resume from (more than historySize missed): the client
     * replaces its list instead of appending.
     */
    reset: z.boolean(),
    /** Ids among the recent messages hidden by an operator: the client drops them. */
    hidden: z.array(idSchema),
    /** Set while the player is muted (ISO time). */
    muted_until: z.string().nullable(),
  }),
  z.object({ type: z.literal('message'), message: chatMessageSchema }),
  z.object({ type: z.literal('hidden'), id: idSchema }),
  z.object({ type: z.literal('online'), count: z.number().int().min(0) }),
  z.object({ type: z.literal('ack'), ref: z.string(), id: idSchema }),
  z.object({
    type: z.literal('error'),
    ref: z.string().optional(),
    code: z.enum(Object.values(chatErrorCodes) as [ChatErrorCode, ...ChatErrorCode[]]),
    message: z.string(),
    /** Seconds until posting can succeed again (rate limit, mute). */
    retry_after: z.number().int().min(0).optional(),
  }),
  z.object({ type: z.literal('pong') }),
]);
export type ChatServerFrame = z.infer<typeof chatServerFrameSchema>;

/** POST /operator/chat/messages/:id/hide: hides a message for everyone (operator token). */
export const operatorChatHideParamsSchema = z.object({ id: idSchema });
export const operatorChatHideResponseSchema = z.object({
  id: idSchema,
  hidden: z.literal(true),
});

/** POST /operator/chat/mutes: mutes a player (id, e-mail or username) for some minutes. */
export const operatorChatMuteRequestSchema = z.object({
  user: z.string().trim().min(1).max(254),
  minutes: z.number().int().min(0).max(chatLimits.muteMaxMinutes),
  reason: z.string().trim().min(1).max(500),
});
export type OperatorChatMuteRequest = z.infer<typeof operatorChatMuteRequestSchema>;
export const operatorChatMuteResponseSchema = z.object({
  user_id: z.string(),
  /** null when `minutes` was 0: the mute was lifted. */
  muted_until: z.string().nullable(),
});

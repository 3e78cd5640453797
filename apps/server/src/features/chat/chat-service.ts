import {
  chatErrorCodes,
  chatLimits,
  chatTextSchema,
  type ChatErrorCode,
  type ChatMessage,
} from '@casino/contracts';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { toChatMessage, type ChatRepository } from './chat-repository';

/** The shared channel every instance's room listens to. */
export const chatEventsChannel = 'chat:events';

/** What travels on chatEventsChannel between instances. */
export type ChatEvent = { type: 'message'; message: ChatMessage } | { type: 'hidden'; id: string };

/** A post refused for a reason the player can act on. */
export class ChatRefusal extends Error {
  override readonly name = 'ChatRefusal';
  constructor(
    readonly code: ChatErrorCode,
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export interface ChatService {
  /**
   * Validates, checks mute and rate limit, stores and publishes a player's message; throws
   * ChatRefusal for what the player can fix.
   */
  post(userId: string, text: string): Promise<ChatMessage>;
  /** Hides a message for everyone (operator). False if there is no such message. */
  hide(id: bigint, by: string, audit?: InTransaction<bigint>): Promise<boolean>;
  /**
   * Mutes a player for `minutes` (0 lifts the mute). `audit` runs in the change's
   * transaction with the new end (null: lifted), as for hide (decision 081).
   */
  mute(
    userId: string,
    minutes: number,
    reason: string,
    audit?: InTransaction<Date | null>,
  ): Promise<Date | null>;
  mutedUntil(userId: string): Promise<Date | undefined>;
}

export interface ChatServiceDeps {
  repository: ChatRepository;
  shared: SharedState;
  clock: Clock;
  /** Whether a time-out or self-exclusion holds for the player (decision 070): no posts. */
  blocked?: (userId: string) => Promise<boolean>;
}

export function createChatService({
  repository,
  shared,
  clock,
  blocked,
}: ChatServiceDeps): ChatService {
  const publish = (event: ChatEvent) => shared.publish(chatEventsChannel, JSON.stringify(event));

  return {
    async post(userId, text) {
      const parsed = chatTextSchema.safeParse(text);
      if (!parsed.success) {
        const tooLong = parsed.error.issues.some(
          (issue) => issue.message === 'chat.errors.tooLong',
        );
        throw new ChatRefusal(
          chatErrorCodes.CHAT_MESSAGE_INVALID,
          tooLong
            ? `A message holds at most ${chatLimits.messageMaxLength} characters.`
            : 'The message is empty.',
        );
      }
      if (blocked && (await blocked(userId))) {
        throw new ChatRefusal(
          chatErrorCodes.CHAT_RG_BLOCKED,
          'Chat is closed during a time-out or self-exclusion.',
        );
      }
      const now = clock.now();
      const muted = await repository.mutedUntil(userId, now);
      if (muted) {
        throw new ChatRefusal(
          chatErrorCodes.CHAT_MUTED,
          `You are muted until ${muted.toISOString()}.`,
          Math.ceil((muted.getTime() - now.getTime()) / 1000),
        );
      }
      // A fixed window per player, counted in the shared state so every instance agrees.
      const windowMs = chatLimits.rateLimitWindowSeconds * 1000;
      const key = `chat:rate:${userId}`;
      const count = await shared.increment(key, 1, windowMs);
      if (count > chatLimits.rateLimitMessages) {
        const left = await shared.remainingMs(key);
        throw new ChatRefusal(
          chatErrorCodes.CHAT_RATE_LIMITED,
          `At most ${chatLimits.rateLimitMessages} messages per ${chatLimits.rateLimitWindowSeconds} seconds.`,
          Math.max(1, Math.ceil(left / 1000)),
        );
      }
      const author = await repository.author(userId);
      if (!author) throw new ChatRefusal(chatErrorCodes.SIGN_IN_REQUIRED, 'No such player.');
      const row = await repository.insert(userId, parsed.data, now);
      const message = toChatMessage({
        id: row.id,
        body: parsed.data,
        createdAt: row.createdAt,
        userId,
        username: author.username,
        avatar: author.avatar,
      });
      // Stored first: if publishing fails the message is still there for every resume.
      await publish({ type: 'message', message });
      return message;
    },
    async hide(id, by, audit) {
      const found = await repository.hide(id, by, clock.now(), audit);
      if (found) await publish({ type: 'hidden', id: id.toString() });
      return found;
    },
    async mute(userId, minutes, reason, audit) {
      if (minutes === 0) {
        await repository.unmute(userId, audit);
        return null;
      }
      const now = clock.now();
      const until = new Date(now.getTime() + minutes * 60_000);
      await repository.mute(userId, until, reason, now, audit);
      return until;
    },
    mutedUntil(userId) {
      return repository.mutedUntil(userId, clock.now());
    },
  };
}

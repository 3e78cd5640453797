import {
  ErrorCode,
  supportLimits,
  type SupportMessage,
  type SupportThreadStatus,
} from '@casino/contracts';
import type { InTransaction } from '../../db/in-transaction';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { SharedState } from '../../lib/shared-state/shared-state';
import type { SupportRepository, SupportThreadSummary } from './support-repository';

/** The shared channel of one player's thread: every instance's open socket of that player. */
export const supportChannel = (userId: string) => `support:${userId}`;

/** The average shown covers answers of the last 30 days. */
const averageWindowMs = 30 * 24 * 3600 * 1000;

export interface SupportService {
  thread(userId: string): Promise<{ messages: SupportMessage[]; unread: number }>;
  /** A player writes; rate-limited per player (429 RATE_LIMITED). */
  ask(userId: string, text: string): Promise<SupportMessage>;
  /**
   * An operator answers; undefined when the player has no thread. Marks the thread read.
   * `audit` runs in the transaction that stores the answer (decision 081).
   */
  answer(
    userId: string,
    text: string,
    audit?: InTransaction<SupportMessage>,
  ): Promise<SupportMessage | undefined>;
  markReadByPlayer(userId: string, upTo: bigint): Promise<number>;
  averageResponseSeconds(): Promise<number | null>;
  threads(status?: SupportThreadStatus | 'all'): Promise<SupportThreadSummary[]>;
  /**
   * Staff close a thread (the player's next message, or a staff answer, reopens it) or
   * reopen it: its state after, undefined when the player has no thread. `audit` runs in
   * the change's transaction with the new state, only when it changed (decision 081).
   */
  close(
    userId: string,
    by: string,
    audit?: InTransaction<SupportThreadStatus>,
  ): Promise<SupportThreadStatus | undefined>;
  reopen(
    userId: string,
    audit?: InTransaction<SupportThreadStatus>,
  ): Promise<SupportThreadStatus | undefined>;
  username(userId: string): Promise<string | undefined>;
}

export function createSupportService(deps: {
  repository: SupportRepository;
  shared: SharedState;
  clock: Clock;
}): SupportService {
  const { repository, shared, clock } = deps;
  const publish = (userId: string, message: SupportMessage) =>
    shared.publish(supportChannel(userId), JSON.stringify(message));

  return {
    async thread(userId) {
      const [messages, unread] = await Promise.all([
        repository.messages(userId, supportLimits.threadSize),
        repository.unreadForPlayer(userId),
      ]);
      return { messages, unread };
    },
    async ask(userId, text) {
      const key = `support:rate:${userId}`;
      const count = await shared.increment(key, 1, supportLimits.rateLimitWindowSeconds * 1000);
      if (count > supportLimits.rateLimitMessages) {
        const left = await shared.remainingMs(key);
        throw new AppError(
          429,
          ErrorCode.RATE_LIMITED,
          'Too many messages to support; wait a moment.',
          undefined,
          Math.max(1, Math.ceil(left / 1000)),
        );
      }
      const message = await repository.append(userId, 'player', text, clock.now());
      if (!message) throw new Error('a player message always has a thread');
      await publish(userId, message);
      return message;
    },
    async answer(userId, text, audit) {
      const message = await repository.append(userId, 'operator', text, clock.now(), audit);
      if (!message) return undefined;
      await repository.markRead(userId, 'operator', BigInt(message.id));
      await publish(userId, message);
      return message;
    },
    async markReadByPlayer(userId, upTo) {
      await repository.markRead(userId, 'player', upTo);
      return repository.unreadForPlayer(userId);
    },
    averageResponseSeconds() {
      return repository.averageResponseSeconds(new Date(clock.now().getTime() - averageWindowMs));
    },
    threads(status = 'all') {
      return repository.threads(100, status);
    },
    close(userId, by, audit) {
      return repository.setClosed(userId, { at: clock.now(), by }, audit);
    },
    reopen(userId, audit) {
      return repository.setClosed(userId, null, audit);
    },
    username(userId) {
      return repository.username(userId);
    },
  };
}

import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { users } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail/mailer';
import { toDecimalString } from '../wallet';
import { periodHours, windowStart, type RgRepository } from './rg-repository';
import { nearlyUsed, readUsage, usedOf } from './rg-status';

export interface RgWarningsDeps {
  db: Database;
  repo: RgRepository;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
}

const dollars = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 2, rounding: 'floor' });

const kindText = {
  en: { deposit: 'deposit', loss: 'loss', wager: 'wager' },
  ru: { deposit: 'депозитов', loss: 'проигрыша', wager: 'ставок' },
} as const;
const periodText = {
  en: { day: '24 hours', week: '7 days', month: '30 days' },
  ru: { day: '24 часа', week: '7 дней', month: '30 дней' },
} as const;

/**
 * The 80 % warning's e-mail (the web shows the toast from the page's `warnings`): once per
 * limit and window, checked after the player's bets and deposits commit. A player's checks
 * are coalesced: one per player at a time, the next after it.
 */
export function rgWarnings(deps: RgWarningsDeps) {
  const { db, repo, clock, logger, mailer } = deps;
  const running = new Map<string, Promise<void>>();
  const again = new Set<string>();

  async function check(userId: string): Promise<void> {
    const limits = await repo.limits(userId);
    if (limits.length === 0) return;
    const now = clock.now();
    const usage = await readUsage(repo, userId, now);
    for (const limit of limits) {
      if (!nearlyUsed(limit, usage)) continue;
      const since = windowStart(now, periodHours[limit.period]);
      if (limit.warnedAt !== null && limit.warnedAt >= since) continue;
      await repo.markWarned(userId, limit.kind, limit.period, now);
      const [user] = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) return;
      const used = dollars(usedOf(usage, limit.kind, limit.period));
      const amount = dollars(limit.amount);
      const en = `You have used $${used} of your ${kindText.en[limit.kind]} limit of $${amount} per ${periodText.en[limit.period]}.`;
      const ru = `Вы использовали $${used} из лимита ${kindText.ru[limit.kind]} $${amount} за ${periodText.ru[limit.period]}.`;
      await mailer.send({
        to: user.email,
        subject: 'Your limit is nearly used / Лимит почти исчерпан',
        text: `${en}\n\n${ru}\n`,
        html: `<p>${en}</p><p>${ru}</p>`,
      });
    }
  }

  function queue(userId: string): void {
    if (running.has(userId)) {
      again.add(userId);
      return;
    }
    const run = check(userId)
      .catch((error: unknown) => {
        logger.error({ err: error, userId }, 'responsible gaming: the 80 % check failed');
      })
      .finally(() => {
        running.delete(userId);
        if (again.delete(userId)) queue(userId);
      });
    running.set(userId, run);
  }

  return {
    queue,
    check,
    /** Resolves when every queued check has run (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running.values()]);
    },
  };
}

export type RgWarnings = ReturnType<typeof rgWarnings>;

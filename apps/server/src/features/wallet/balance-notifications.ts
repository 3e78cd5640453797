import { sql } from 'drizzle-orm';
import type { Database, DatabaseControl } from '../../db/database';
import type { Logger } from '../../lib/logger';
import { toLedgerEntry, type LedgerRow } from './ledger-rows';
import type { WalletEvents } from './wallet-events';
import { balanceChannel, parseBalanceNotices, type BalanceNotice } from './balance-publisher';

/**
 * Relays the database's balance notifications to this process's listeners (the live balance
 * streams), so a stream hears postings made on every instance (decision 050). The row is read
 * by id (the notification carries no more than fits NOTIFY's limit), only when a listener here
 * wants it (a stream of that player, or work that the posting's process did not do: decision
 * 109) and the row was not announced here already. Returns the function that stops.
 */
export async function relayBalanceNotifications(deps: {
  db: Database & Pick<DatabaseControl, 'listen'>;
  events: WalletEvents;
  logger: Logger;
}): Promise<() => Promise<void>> {
  const { db, events, logger } = deps;
  const relay = async (notice: BalanceNotice) => {
    const { rows } = await db.execute<LedgerRow>(
      sql`select * from ledger_entries where id = ${notice.id}`,
    );
    const row = rows[0];
    if (!row || events.announced(String(row.id))) return;
    const entry = toLedgerEntry(row);
    events.emitRelayed(
      { userId: entry.userId, balance: entry.balanceAfter, currency: entry.currency, entry },
      notice.acted === true,
    );
  };
  return db.listen(balanceChannel, (payload) => {
    for (const notice of parseBalanceNotices(payload)) {
      if (events.announced(notice.id)) continue;
      if (!events.wantsRelayed(notice.user_id, notice.acted === true)) continue;
      relay(notice).catch((err: unknown) => {
        logger.warn({ err, entryId: notice.id }, 'balance notification not relayed');
      });
    }
  });
}

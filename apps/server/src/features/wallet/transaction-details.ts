import type { WalletTransaction } from '@casino/contracts';
import { cryptoNetworks, type CryptoNetwork } from '@casino/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { bonusOffers, payments, playerBonuses, promoCodes } from '../../db/schema';
import type { LedgerEntry } from './ledger-types';
import { operatorProvider } from './posting-validation';

/**
 * What the operator's own movements on a statement page were: the cashier's payment behind a
 * deposit, a withdrawal or its reversal (all keyed by the payment's id), and the bonus behind
 * a bonus movement (keyed by player_bonuses.id). Read-only, one query per kind and only when
 * the page has such rows, and always limited to the page's player. A card is named by the
 * brand and last four digits the payments table keeps: it holds nothing more of the number.
 */
export interface TransactionDetails {
  payment(entry: LedgerEntry): WalletTransaction['payment'];
  bonus(entry: LedgerEntry): WalletTransaction['bonus'];
}

const paymentOperations = new Set(['deposit', 'withdrawal', 'withdrawal_reversal']);
const bonusOperations = new Set(['bonus_grant', 'bonus_convert', 'bonus_forfeit']);
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const bonusIdPattern = /^[1-9]\d{0,18}$/;

const isOperators = (entry: LedgerEntry) => entry.provider === operatorProvider;
const paymentKey = (entry: LedgerEntry): string | null =>
  isOperators(entry) &&
  paymentOperations.has(entry.operation) &&
  uuidPattern.test(entry.providerTxId)
    ? entry.providerTxId.toLowerCase()
    : null;
const bonusKey = (entry: LedgerEntry): string | null =>
  isOperators(entry) &&
  bonusOperations.has(entry.operation) &&
  bonusIdPattern.test(entry.providerTxId)
    ? entry.providerTxId
    : null;

function isNetwork(value: string | null): value is CryptoNetwork {
  return value !== null && (cryptoNetworks as readonly string[]).includes(value);
}

export async function transactionDetailsFor(
  db: Database,
  userId: string,
  entries: readonly LedgerEntry[],
): Promise<TransactionDetails> {
  const paymentIds = [...new Set(entries.map(paymentKey).filter((id) => id !== null))];
  const bonusIds = [...new Set(entries.map(bonusKey).filter((id) => id !== null))];

  const byPayment = new Map<string, NonNullable<WalletTransaction['payment']>>();
  if (paymentIds.length > 0) {
    const rows = await db
      .select({
        id: payments.id,
        method: payments.method,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        network: payments.network,
      })
      .from(payments)
      .where(and(eq(payments.userId, userId), inArray(payments.id, paymentIds)));
    for (const row of rows) {
      byPayment.set(row.id.toLowerCase(), {
        method: row.method,
        card:
          row.method === 'card' && row.cardBrand !== null && row.cardLast4 !== null
            ? { brand: row.cardBrand, last4: row.cardLast4 }
            : null,
        network: row.method === 'crypto' && isNetwork(row.network) ? row.network : null,
      });
    }
  }

  const byBonus = new Map<string, NonNullable<WalletTransaction['bonus']>>();
  if (bonusIds.length > 0) {
    const rows = await db
      .select({ id: playerBonuses.id, code: promoCodes.code, title: bonusOffers.title })
      .from(playerBonuses)
      .innerJoin(bonusOffers, eq(bonusOffers.id, playerBonuses.offerId))
      .leftJoin(promoCodes, eq(promoCodes.id, playerBonuses.promoCodeId))
      .where(
        and(
          eq(playerBonuses.userId, userId),
          inArray(
            playerBonuses.id,
            bonusIds.map((id) => BigInt(id)),
          ),
        ),
      );
    for (const row of rows) {
      byBonus.set(String(row.id), { code: row.code, title: row.title });
    }
  }

  return {
    payment: (entry) => {
      const key = paymentKey(entry);
      return key === null ? null : (byPayment.get(key) ?? null);
    },
    bonus: (entry) => {
      const key = bonusKey(entry);
      return key === null ? null : (byBonus.get(key) ?? null);
    },
  };
}

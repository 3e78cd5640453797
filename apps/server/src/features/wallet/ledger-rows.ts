import type { LedgerKind, LedgerStatus } from '../../db/schema';
import type { LedgerEntry } from './ledger-types';

/**
 * A ledger row as a raw query returns it on either driver: snake_case columns, int8 as text
 * (both drivers are set up that way), jsonb parsed, and timestamptz as a Date (PGlite) or
 * as text (Drizzle's node-postgres session keeps it raw).
 */
export type LedgerRow = {
  id: string;
  user_id: string;
  kind: LedgerKind;
  status: LedgerStatus;
  amount: string;
  balance_before: string;
  balance_after: string;
  currency: string;
  provider: string;
  operation: string;
  provider_tx_id: string;
  bet_tx_id: string | null;
  game_id: string | null;
  round_id: string | null;
  reverses_entry_id: string | null;
  reason: string | null;
  actor: string | null;
  request: Record<string, string | null>;
  meta: Record<string, unknown> | null;
  created_at: Date | string;
  bonus_amount: string;
  bonus_after: string;
  bonus_id: string | null;
};

export function toLedgerEntry(row: LedgerRow): LedgerEntry {
  return {
    id: String(row.id),
    userId: row.user_id,
    kind: row.kind,
    status: row.status,
    amount: BigInt(row.amount),
    balanceBefore: BigInt(row.balance_before),
    balanceAfter: BigInt(row.balance_after),
    currency: row.currency,
    provider: row.provider,
    operation: row.operation,
    providerTxId: row.provider_tx_id,
    betTxId: row.bet_tx_id,
    gameId: row.game_id,
    roundId: row.round_id,
    reversesEntryId: row.reverses_entry_id === null ? null : String(row.reverses_entry_id),
    reason: row.reason,
    actor: row.actor,
    meta: row.meta,
    createdAt: toDate(row.created_at),
    bonusAmount: BigInt(row.bonus_amount),
    bonusAfter: BigInt(row.bonus_after),
    bonusId: row.bonus_id === null ? null : String(row.bonus_id),
  };
}

/** PostgreSQL's text form ("2026-05-01 10:00:00.123+00") → Date; Dates pass through. */
export function toDate(value: Date | string): Date {
  if (value instanceof Date) return value;
  const iso = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00');
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`Unreadable timestamp "${value}"`);
  return date;
}

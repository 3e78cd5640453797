import { paymentStatuses, type PaymentStatus } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { checkIn, createdAt, int8, timestamptz, updatedAt, uuidId } from './columns';
import { userId } from './accounts';

export const paymentDirections = ['deposit', 'withdrawal'] as const;
export type PaymentDirection = (typeof paymentDirections)[number];

export const paymentMethods = ['card', 'crypto'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * Card deposit: pending → (requires_action →) succeeded | failed.
 * Crypto deposit: pending (waiting for coins) → processing (confirming) → succeeded |
 * partially_paid (what arrived is credited) | expired.
 * Withdrawal: requested (row written, money not yet taken) → pending (money taken) →
 * processing (payout sent to the provider) → paid | failed; or pending → canceled (by the
 * player) | rejected (by the operator). failed, canceled and rejected give the money back.
 */
// The one list of statuses is the contract's: the API answers them as they are stored.
export { paymentStatuses, type PaymentStatus };

/**
 * One deposit or withdrawal of a player through a payment provider (features/payments).
 * Money moves only through the ledger (its rows are referenced here); this row is the
 * payment's state as the provider reported it. Holds no card number or CVV: only the
 * provider's token of the card, its brand and last four digits.
 */
export const payments = pgTable(
  'payments',
  {
    /** Ours; also the ledger posting's key (provider 'operator', operation = direction). */
    id: uuidId(),
    userId: userId(),
    direction: text('direction', { enum: paymentDirections }).notNull(),
    method: text('method', { enum: paymentMethods }).notNull(),
    /** The payment provider's slug (e.g. 'card'). */
    provider: text('provider').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull(),
    /** Thousandths of the currency unit, > 0. */
    amount: int8('amount').notNull(),
    currency: text('currency').notNull(),
    /** The player's key for this submission: the same key again is the same payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** What a repeat of the key must match (amount, method, card token). */
    request: jsonb('request').notNull(),
    /** The provider's id of this payment (payment intent, payout), once it has one. */
    providerRef: text('provider_ref'),
    /** The provider's token of the card (a payment method id), never the number. */
    cardToken: text('card_token'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Where the player completes a 3-D Secure challenge (status requires_action). */
    redirectUrl: text('redirect_url'),
    /** Crypto: the network (ETH, BNC, TRC), the deposit address and the coin amounts. */
    network: text('network'),
    payAddress: text('pay_address'),
    payCurrency: text('pay_currency'),
    /** Decimal strings in the coin (8 places), as the gateway gives them. */
    payAmount: text('pay_amount'),
    actuallyPaid: text('actually_paid'),
    /** Thousandths the ledger credited (a partially paid deposit: less than `amount`). */
    creditedAmount: int8('credited_amount'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /** The ledger row that credited the deposit or took the withdrawal's money. */
    ledgerEntryId: int8('ledger_entry_id'),
    /** The ledger row that gave a withdrawal's money back. */
    reversalEntryId: int8('reversal_entry_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.userId, t.idempotencyKey),
    uniqueIndex('payments_provider_ref')
      .on(t.provider, t.providerRef)
      .where(sql`${t.providerRef} is not null`),
    index('payments_user_created_idx').on(t.userId, t.createdAt),
    // The reports' withdrawals paid per day (features/reports): read from the index alone.
    index('payments_paid_withdrawals_idx')
      .on(t.updatedAt, t.currency, t.amount, t.userId)
      .where(sql`${t.direction} = 'withdrawal' and ${t.status} = 'paid'`),
    checkIn('payments_direction', t.direction, paymentDirections),
    checkIn('payments_method', t.method, paymentMethods),
    checkIn('payments_status', t.status, paymentStatuses),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check('payments_card_last4', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
  ],
);

/**
 * Webhook events already processed, by the provider's event id: a repeated delivery is
 * acknowledged and changes nothing.
 */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    paymentId: uuid('payment_id'),
    receivedAt: timestamptz('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

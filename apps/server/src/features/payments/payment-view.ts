import type { CryptoNetwork, Payment, PaymentDisplayStatus } from '@casino/contracts';
import type { PaymentStatus } from '../../db/schema';
import { toDecimalString } from '../wallet';
import type { PaymentRow } from './payments-repository';

/** The player's three transaction statuses (SPEC §3/§4) from the provider-level status. */
export function displayStatus(status: PaymentStatus): PaymentDisplayStatus {
  switch (status) {
    case 'succeeded':
    case 'partially_paid':
    case 'paid':
      return 'confirmed';
    case 'failed':
    case 'canceled':
    case 'rejected':
    case 'expired':
      return 'canceled';
    case 'requested':
    case 'pending':
    case 'requires_action':
    case 'processing':
      return 'pending';
  }
}

const iso = (value: Date | string) =>
  (value instanceof Date ? value : new Date(value)).toISOString();

export interface ViewOptions {
  /** Simulated crypto: the sandbox wallet page of a gateway payment. */
  testWalletUrl?: ((providerRef: string) => string) | undefined;
}

/** A payment as the player sees it: no token, no ledger ids. */
export function paymentView(row: PaymentRow, options: ViewOptions = {}): Payment {
  return {
    id: row.id,
    direction: row.direction,
    method: row.method,
    status: row.status,
    display_status: displayStatus(row.status),
    amount: toDecimalString(row.amount, { scale: 2, rounding: 'floor' }),
    currency: row.currency,
    card:
      row.cardBrand !== null && row.cardLast4 !== null
        ? { brand: row.cardBrand, last4: row.cardLast4 }
        : null,
    crypto:
      row.method === 'crypto' && row.payAddress !== null
        ? {
            network: (row.network ?? 'ETH') as CryptoNetwork,
            address: row.payAddress,
            pay_amount: row.payAmount ?? '',
            pay_currency: row.payCurrency ?? '',
            actually_paid: row.actuallyPaid ?? '0',
            test_wallet_url:
              options.testWalletUrl && row.direction === 'deposit' && row.providerRef !== null
                ? options.testWalletUrl(row.providerRef)
                : null,
          }
        : null,
    redirect_url: row.status === 'requires_action' ? row.redirectUrl : null,
    failure:
      row.failureCode !== null
        ? { code: row.failureCode, message: row.failureMessage ?? row.failureCode }
        : null,
    cancelable: row.direction === 'withdrawal' && row.status === 'pending',
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

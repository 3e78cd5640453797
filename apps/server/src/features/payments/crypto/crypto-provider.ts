import type { CryptoNetwork } from '@casino/contracts';
import type { PayoutOutcome, PayoutState } from '../card/card-provider';

/**
 * What the cashier needs from a crypto payment gateway. One adapter per gateway
 * (crypto/gateway-adapter.ts: the protocol of the embedded sandbox, modelled on a published
 * gateway). Coin amounts stay the gateway's decimal strings; our amounts are thousandths.
 */
export type CryptoState =
  'waiting' | 'confirming' | 'confirmed' | 'finished' | 'partially_paid' | 'expired' | 'failed';

export interface CryptoQuote {
  providerRef: string;
  address: string;
  /** Decimal string in the coin. */
  payAmount: string;
  payCurrency: string;
  actuallyPaid: string;
  state: CryptoState;
}

/** A verified IPN about a deposit (a payment at the gateway). */
export interface CryptoPaymentEvent {
  object: 'payment';
  /** What makes this report unique (the gateway's IPNs carry no id of their own). */
  eventKey: string;
  providerRef: string;
  /** Ours (the order id we sent). */
  paymentId: string | undefined;
  state: CryptoState;
  /** Thousandths of USD, and what the player owes and sent, in the coin. */
  priceAmount: bigint;
  payAmount: string;
  actuallyPaid: string;
}

/** A verified IPN about a withdrawal (a payout at the gateway). */
export interface CryptoPayoutEvent {
  object: 'payout';
  eventKey: string;
  providerRef: string;
  /** Ours (the payout's unique external id). */
  paymentId: string | undefined;
  state: PayoutState;
  /** The coins and the address, which must be what we asked. */
  payAmount: string;
  address: string;
}

export type CryptoEvent = CryptoPaymentEvent | CryptoPayoutEvent;

/** A payout's coins, as the gateway quoted them. */
export interface CryptoPayoutOutcome extends PayoutOutcome {
  payAmount: string;
  payCurrency: string;
}

export interface CryptoPaymentProvider {
  readonly slug: string;
  /** The header carrying the IPN signature. */
  readonly signatureHeader: string;
  createPayment(input: {
    paymentId: string;
    amount: bigint;
    network: CryptoNetwork;
  }): Promise<CryptoQuote>;
  /** Sends `amount` (thousandths of USD) in the network's coin to `address`; keyed by the payment. */
  payout(input: {
    paymentId: string;
    amount: bigint;
    network: CryptoNetwork;
    address: string;
  }): Promise<CryptoPayoutOutcome>;
  /** Verifies (constant time) and reads an IPN; throws WebhookRejected. */
  parseIpn(rawBody: string, signature: string | undefined): CryptoEvent;
  /** Simulated mode: the sandbox page that "sends" the coins; undefined for a real gateway. */
  testWalletUrl?(providerRef: string): string;
}

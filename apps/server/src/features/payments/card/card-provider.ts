/**
 * What the cashier needs from a card service, whatever its protocol. One adapter per
 * service (card/intents-adapter.ts speaks the payment-intent protocol of the embedded sandbox
 * and of the public API it is modelled on). Amounts are bigint thousandths, as in the wallet;
 * the adapter converts to the service's unit.
 */

export interface CardSummary {
  brand: string;
  last4: string;
}

export interface PaymentFailure {
  /** Ours, stable for the web app: card_declined, insufficient_funds, authentication_failed, … */
  code: string;
  message: string;
}

/** A deposit's state as the service reports it. */
export type ChargeState = 'pending' | 'requires_action' | 'succeeded' | 'failed';
/** A payout's state as the service reports it. */
export type PayoutState = 'processing' | 'paid' | 'failed';

export interface ChargeOutcome {
  providerRef: string;
  state: ChargeState;
  /** requires_action: the page the player must complete (3-D Secure). */
  redirectUrl?: string;
  failure?: PaymentFailure;
}

export interface PayoutOutcome {
  providerRef: string;
  state: PayoutState;
  failure?: PaymentFailure;
}

/** A verified webhook, reduced to what the cashier acts on. */
export type ProviderEvent = {
  eventId: string;
  type: string;
  /** Ours, from the metadata we sent; undefined for an event about something not ours. */
  paymentId: string | undefined;
  providerRef: string;
  /** Thousandths, and the currency in capitals: checked against our payment. */
  amount: bigint;
  currency: string;
} & (
  | { object: 'charge'; state: ChargeState; failure?: PaymentFailure; redirectUrl?: string }
  | { object: 'payout'; state: PayoutState; failure?: PaymentFailure }
  /** An event the cashier does not act on (acknowledged all the same). */
  | { object: 'other' }
);

export interface CardPaymentProvider {
  /** The `provider` column of our payments. */
  readonly slug: string;
  /** What the browser needs to tokenise a card at the service itself. */
  browserConfig(): { tokenizeUrl: string; publishableKey: string };
  /** The brand and last four of a token; undefined when the service does not know it. */
  describeCard(token: string): Promise<CardSummary | undefined>;
  /** Creates and confirms a charge; the payment id is the service's idempotency key. */
  charge(input: {
    paymentId: string;
    amount: bigint;
    currency: string;
    token: string;
    returnUrl: string;
  }): Promise<ChargeOutcome>;
  /**
   * Reads a charge back (the reconciliation of a deposit whose webhook never came): its state,
   * and what it was for (our payment id from the metadata, amount, currency), so the caller
   * can check it is ours. Undefined when the service does not know the reference.
   */
  retrieveCharge(
    providerRef: string,
  ): Promise<
    | (ChargeOutcome & { paymentId: string | undefined; amount: bigint; currency: string })
    | undefined
  >;
  /** Sends money to a card used before; the payment id is the idempotency key. */
  payout(input: {
    paymentId: string;
    amount: bigint;
    currency: string;
    token: string;
  }): Promise<PayoutOutcome>;
  /** Verifies a webhook (signature, age) and reads it; throws WebhookRejected. */
  parseWebhook(rawBody: string, signature: string | undefined, now: Date): ProviderEvent;
}

/** The service gave no usable answer: nothing is known to have happened; retry the same call. */
export class PaymentProviderUnavailable extends Error {
  override readonly name = 'PaymentProviderUnavailable';
}

/** The service refused the call itself (bad parameters, unknown token): our bug or bad input. */
export class PaymentProviderRefused extends Error {
  override readonly name = 'PaymentProviderRefused';
  constructor(
    readonly param: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

/** A webhook that is not the service's, or too old to trust. */
export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected';
}

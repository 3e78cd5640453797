import type { CheckedCard } from './cards';

/** The sandbox's objects, shaped like the modelled API's JSON (snake_case, amounts in cents). */

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  type: 'card';
  card: { brand: string; last4: string; exp_month: number; exp_year: number; fingerprint: string };
  created: number;
  livemode: false;
}

export type IntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'succeeded'
  | 'canceled';

export interface PaymentError {
  type: 'card_error';
  code: string;
  decline_code?: string;
  message: string;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  /** In the currency's minor unit (cents). */
  amount: number;
  currency: string;
  status: IntentStatus;
  payment_method: string;
  metadata: Record<string, string>;
  next_action: {
    type: 'redirect_to_url';
    redirect_to_url: { url: string; return_url: string };
  } | null;
  last_payment_error: PaymentError | null;
  created: number;
  livemode: false;
}

export type PayoutStatus = 'pending' | 'in_transit' | 'paid' | 'failed' | 'canceled';

export interface Payout {
  id: string;
  object: 'payout';
  amount: number;
  currency: string;
  /** The payment method (a card used before) the money goes to. */
  destination: string;
  status: PayoutStatus;
  failure_code: string | null;
  failure_message: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

/** A payment method with what the sandbox decided from its number (never the number). */
export interface StoredMethod {
  object: PaymentMethod;
  card: CheckedCard;
}

/**
 * Card tokenisation (docs/protocols/card-sandbox.md §4): the number and the CVV go from the
 * browser straight to the payment service, with its publishable key; our API only ever gets
 * the token ("pm_…"). Never through `api` (which would add our session token and our base).
 */

/** The card payment form's billing details, sent with the card (the API's billing_details). */
export interface Billing {
  name: string;
  email: string;
  phone: string;
}

export interface CardToken {
  id: string;
  brand: string;
  last4: string;
}

/** Which form field a refusal of the service is about. */
export type TokenizeField = 'card' | 'expiry' | 'cvv';

export class TokenizeError extends Error {
  override readonly name = 'TokenizeError';
  readonly code: string;
  readonly field: TokenizeField | null;

  constructor(code: string, field: TokenizeField | null, message: string) {
    super(message);
    this.code = code;
    this.field = field;
  }
}

const fieldOfCode: Record<string, TokenizeField> = {
  incorrect_number: 'card',
  invalid_number: 'card',
  invalid_expiry_month: 'expiry',
  invalid_expiry_year: 'expiry',
  invalid_cvc: 'cvv',
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export async function tokenizeCard(
  endpoint: { tokenize_url: string; publishable_key: string },
  card: { number: string; expMonth: number; expYear: number; cvc: string },
  billing?: Billing,
): Promise<CardToken> {
  let response: Response;
  try {
    response = await fetch(endpoint.tokenize_url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${endpoint.publishable_key}`,
      },
      body: JSON.stringify({
        type: 'card',
        card: {
          number: card.number.replace(/\D/g, ''),
          exp_month: card.expMonth,
          exp_year: card.expYear,
          cvc: card.cvc,
        },
        ...(billing ? { billing_details: billing } : {}),
      }),
    });
  } catch {
    throw new TokenizeError('network', null, 'The payment service did not answer');
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = isRecord(data) && isRecord(data.error) ? data.error : {};
    const code = typeof error.code === 'string' ? error.code : `http_${response.status}`;
    const message = typeof error.message === 'string' ? error.message : code;
    throw new TokenizeError(code, fieldOfCode[code] ?? null, message);
  }
  if (!isRecord(data) || typeof data.id !== 'string' || !isRecord(data.card)) {
    throw new TokenizeError('bad_response', null, 'Unexpected answer of the payment service');
  }
  return {
    id: data.id,
    brand: typeof data.card.brand === 'string' ? data.card.brand : 'unknown',
    last4: typeof data.card.last4 === 'string' ? data.card.last4 : '',
  };
}

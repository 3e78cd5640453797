import { z } from 'zod';
import { bonusForfeitConfirmationSchema } from './bonus';
import { moneySchema } from './user';
import { twoFactorCodeSchema } from './two-factor';

/**
 * The cashier (docs/decisions/036-cashier.md): card deposits and withdrawals through a payment
 * provider. Card numbers and CVVs never come here: the browser sends them to the provider's
 * tokenisation endpoint (`card.tokenize_url` of GET /payments/config) and gives us its token.
 */

/**
 * A positive amount in dollars, at most two decimals: "100", "100.5", "100.50". Exact, like
 * every amount the API takes: " 10.00" is refused, not trimmed (issue 25).
 */
export const paymentAmountSchema = z
  .string({ error: 'Sum is required' })
  .min(1, { error: 'Sum is required' })
  // Piped: an empty sum gets only "Sum is required", not the format message too.
  .pipe(
    z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, {
      error: 'Enter an amount in dollars with at most two decimals',
    }),
  );

/**
 * The submission's key, made once per form submission by the client (a UUID): a double
 * click, a retried request or a second tab with the same key is the same payment.
 */
export const idempotencyKeySchema = z
  .string({ error: 'An idempotency key is required' })
  .regex(/^[A-Za-z0-9_.:-]{8,100}$/, {
    error: 'The idempotency key must be 8 to 100 letters, digits or _.:-',
  });

/**
 * The payment provider's token of a card (a payment method id such as "pm_…"). It starts
 * with a letter, so a card number pasted here is refused before it reaches anything.
 */
export const cardTokenSchema = z
  .string({ error: 'Card is required' })
  .regex(/^[A-Za-z][A-Za-z0-9_]{2,254}$/, { error: 'Card is required' });

/** POST /payments/card/deposits */
export const cardDepositRequestSchema = z.object({
  amount: paymentAmountSchema,
  payment_method: cardTokenSchema,
  idempotency_key: idempotencyKeySchema,
});
export type CardDepositRequest = z.infer<typeof cardDepositRequestSchema>;

/** POST /payments/card/withdrawals: to a card this player deposited with before. */
export const cardWithdrawalRequestSchema = cardDepositRequestSchema.extend({
  /** Required when the player has two-factor sign-in on (docs/decisions/051). */
  twoFactorCode: twoFactorCodeSchema.optional(),
  /** While a bonus is active: the player confirmed its forfeit (docs/decisions/062). */
  forfeit_bonus: bonusForfeitConfirmationSchema.optional(),
});
export type CardWithdrawalRequest = z.infer<typeof cardWithdrawalRequestSchema>;

/** Crypto networks (SPEC §3 crypto form `net`): ETH is the default. */
export const cryptoNetworks = ['ETH', 'BNC', 'TRC'] as const;
export type CryptoNetwork = (typeof cryptoNetworks)[number];

/** POST /payments/crypto/deposits */
export const cryptoDepositRequestSchema = z.object({
  amount: paymentAmountSchema,
  net: z.enum(cryptoNetworks, { error: 'Choose ETH, BNC or TRC' }).default('ETH'),
  idempotency_key: idempotencyKeySchema,
});
export type CryptoDepositRequest = z.input<typeof cryptoDepositRequestSchema>;

const addressPatterns: Record<CryptoNetwork, RegExp> = {
  ETH: /^0x[0-9a-fA-F]{40}$/,
  BNC: /^0x[0-9a-fA-F]{40}$/,
  TRC: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
};

/** POST /payments/crypto/withdrawals: `address` is the crypto form's transferAdress. */
export const cryptoWithdrawalRequestSchema = z
  .object({
    amount: paymentAmountSchema,
    net: z.enum(cryptoNetworks, { error: 'Choose ETH, BNC or TRC' }).default('ETH'),
    address: z
      .string({ error: 'Transfer Adress is required' })
      .trim()
      .min(1, { error: 'Transfer Adress is required' }),
    idempotency_key: idempotencyKeySchema,
    /** Required when the player has two-factor sign-in on (docs/decisions/051). */
    twoFactorCode: twoFactorCodeSchema.optional(),
    /** While a bonus is active: the player confirmed its forfeit (docs/decisions/062). */
    forfeit_bonus: bonusForfeitConfirmationSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.address !== '' && !addressPatterns[value.net].test(value.address)) {
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: `This is not a ${value.net} address`,
      });
    }
  });
export type CryptoWithdrawalRequest = z.infer<typeof cryptoWithdrawalRequestSchema>;

export const paymentDirections = ['deposit', 'withdrawal'] as const;
export const paymentMethodKinds = ['card', 'crypto'] as const;
/** See the payments table: the state as the provider reported it. */
export const paymentStatuses = [
  'requested',
  'pending',
  'requires_action',
  'processing',
  'succeeded',
  'partially_paid',
  'paid',
  'failed',
  'canceled',
  'rejected',
  'expired',
] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
/** The transaction statuses the player sees (SPEC §3/§4): pending, confirmed, canceled. */
export const paymentDisplayStatuses = ['pending', 'confirmed', 'canceled'] as const;
export type PaymentDisplayStatus = (typeof paymentDisplayStatuses)[number];

export const paymentSchema = z.object({
  id: z.string(),
  direction: z.enum(paymentDirections),
  method: z.enum(paymentMethodKinds),
  status: z.enum(paymentStatuses),
  display_status: z.enum(paymentDisplayStatuses),
  /** Positive decimal string, "100.00". */
  amount: moneySchema,
  currency: z.string(),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  /** Crypto deposits: where to send how much; `actually_paid` so far. */
  crypto: z
    .object({
      network: z.enum(cryptoNetworks),
      address: z.string(),
      pay_amount: z.string(),
      pay_currency: z.string(),
      actually_paid: z.string(),
      /** Simulated mode only: the sandbox wallet page that "sends" the coins. */
      test_wallet_url: z.string().nullable(),
    })
    .nullable(),
  /** Status requires_action: open this page (3-D Secure), which returns to the cashier. */
  redirect_url: z.string().nullable(),
  /** Why a payment failed: card_declined, insufficient_funds, authentication_failed, … */
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  /** A withdrawal the player may still cancel. */
  cancelable: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

export const paymentsPageLimit = 100;
export const paymentsListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(paymentsPageLimit).default(20),
});
export const paymentsListResponseSchema = z.object({ data: z.array(paymentSchema) });
export type PaymentsListResponse = z.infer<typeof paymentsListResponseSchema>;

export const paymentIdParamsSchema = z.object({ id: z.uuid() });

/** GET /payments/config: what the cashier pages need before the first request. */
export const paymentsConfigResponseSchema = z.object({
  currency: z.string(),
  limits: z.object({
    deposit: z.object({ min: moneySchema, max: moneySchema }),
    withdrawal: z.object({ min: moneySchema, max: moneySchema }),
  }),
  /** Null when card payments are switched off. */
  card: z
    .object({
      /** POST the card here from the browser (JSON, `Authorization: Bearer <publishable_key>`). */
      tokenize_url: z.string(),
      publishable_key: z.string(),
    })
    .nullable(),
  /** Null when crypto payments are switched off. */
  crypto: z.object({ networks: z.array(z.enum(cryptoNetworks)) }).nullable(),
});
export type PaymentsConfigResponse = z.infer<typeof paymentsConfigResponseSchema>;

/** GET /payments/cards: cards this player deposited with, which withdrawals may go to. */
export const savedCardsResponseSchema = z.object({
  data: z.array(z.object({ payment_method: z.string(), brand: z.string(), last4: z.string() })),
});
export type SavedCardsResponse = z.infer<typeof savedCardsResponseSchema>;

/** GET /operator/payments/withdrawals (operator token): oldest first, to work through. */
export const operatorWithdrawalsQuerySchema = z.object({
  status: z.enum(['pending', 'processing']).default('pending'),
  limit: z.coerce.number().int().min(1).max(paymentsPageLimit).default(50),
});
export const operatorWithdrawalsResponseSchema = z.object({
  data: z.array(paymentSchema.extend({ user_id: z.string() })),
});

/** POST /operator/payments/withdrawals/:id/reject (operator token). */
export const operatorRejectRequestSchema = z.object({
  reason: z.string().trim().min(1).max(500).optional(),
});

export const paymentsErrorCodes = {
  PAYMENT_NOT_FOUND: 'PAYMENT_NOT_FOUND',
  /** A withdrawal over the balance. */
  INSUFFICIENT_FUNDS: 'INSUFFICIENT_FUNDS',
  /** The idempotency key was used for a different submission. */
  IDEMPOTENCY_CONFLICT: 'IDEMPOTENCY_CONFLICT',
  /** Cancel, approve or reject of a payment no longer pending. */
  PAYMENT_NOT_PENDING: 'PAYMENT_NOT_PENDING',
  /** The payment provider did not answer; the same submission may be sent again. */
  PAYMENT_PROVIDER_UNAVAILABLE: 'PAYMENT_PROVIDER_UNAVAILABLE',
  /** Card payments are switched off. */
  PAYMENTS_DISABLED: 'PAYMENTS_DISABLED',
  /** A webhook whose signature or timestamp does not hold. */
  WEBHOOK_SIGNATURE_INVALID: 'WEBHOOK_SIGNATURE_INVALID',
  /** A webhook whose signature holds but whose body is not an event of the service's. */
  WEBHOOK_INVALID: 'WEBHOOK_INVALID',
  /**
   * A withdrawal while a bonus is active, without the player's confirmation of its forfeit
   * (or with one for other amounts): nothing moved; `fields` carry what would be forfeited
   * (bonus_id, bonus, winnings, total) for the warning (docs/decisions/062).
   */
  WITHDRAWAL_BONUS_ACTIVE: 'WITHDRAWAL_BONUS_ACTIVE',
} as const;
export type PaymentsErrorCode = (typeof paymentsErrorCodes)[keyof typeof paymentsErrorCodes];

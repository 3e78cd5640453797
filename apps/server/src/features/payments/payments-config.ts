import { z } from 'zod';
import {
  baseUrl,
  dollarAmount,
  wholeNumber,
  type EnvOf,
  type VariableDocs,
} from '../../lib/config-values';
import { fromDecimalString } from '../wallet';

/**
 * The cashier's configuration: for the card service and the crypto gateway, which one (the
 * embedded sandbox, a real account, or none) and its keys; the limits per deposit and
 * withdrawal. Read by config.ts with every
 * other variable, so a bad value stops start-up naming it.
 */
export const paymentModes = ['simulated', 'external', 'off'] as const;
export type PaymentMode = (typeof paymentModes)[number];

const dollars = dollarAmount('10.00', 'a positive amount');
const mode = z
  .enum(paymentModes, { error: 'must be simulated, external or off' })
  .default('simulated');
const key = z.string().min(8, { error: 'must be at least 8 characters long' });

export const paymentsEnvShape = {
  CARD_PAYMENTS_MODE: mode,
  CARD_PAYMENTS_API_URL: baseUrl.optional(),
  CARD_PAYMENTS_SECRET_KEY: key.optional(),
  CARD_PAYMENTS_PUBLISHABLE_KEY: key.optional(),
  CARD_PAYMENTS_WEBHOOK_SECRET: key.optional(),
  CRYPTO_PAYMENTS_MODE: mode,
  CRYPTO_PAYMENTS_API_URL: baseUrl.optional(),
  CRYPTO_PAYMENTS_API_KEY: key.optional(),
  CRYPTO_PAYMENTS_IPN_SECRET: key.optional(),
  CRYPTO_SANDBOX_CONFIRMATIONS: wholeNumber(1, 100).default(2),
  DEPOSIT_MIN: dollars.default('10.00'),
  DEPOSIT_MAX: dollars.default('10000.00'),
  WITHDRAWAL_MIN: dollars.default('20.00'),
  WITHDRAWAL_MAX: dollars.default('5000.00'),
};

type PaymentsEnv = EnvOf<typeof paymentsEnvShape>;

export const paymentsConfigVariables: VariableDocs<keyof typeof paymentsEnvShape> = {
  CARD_PAYMENTS_MODE: {
    default: 'simulated',
    description:
      'simulated: the built-in card sandbox runs in-process under /sandbox/card, with keys generated once into DATA_DIR/payments.json; external: a real card-acquiring account (CARD_PAYMENTS_API_URL and the three keys required); off: no card deposits or withdrawals.',
  },
  CARD_PAYMENTS_API_URL: {
    default: '(simulated: the sandbox)',
    description:
      'Base URL of the card service API (external mode only); the browser tokenises cards at its /v1/payment_methods.',
  },
  CARD_PAYMENTS_SECRET_KEY: {
    default: '(simulated: generated)',
    description: 'Secret API key of the card service (server to server).',
  },
  CARD_PAYMENTS_PUBLISHABLE_KEY: {
    default: '(simulated: generated)',
    description: 'Publishable key the browser uses to tokenise a card.',
  },
  CARD_PAYMENTS_WEBHOOK_SECRET: {
    default: '(simulated: generated)',
    description: 'Signing secret of the card service webhooks (POST /api/payments/webhooks/card).',
  },
  CRYPTO_PAYMENTS_MODE: {
    default: 'simulated',
    description:
      'simulated: the built-in crypto gateway sandbox runs in-process under /sandbox/crypto (keys in DATA_DIR/payments.json); external: a real gateway account (CRYPTO_PAYMENTS_API_URL, CRYPTO_PAYMENTS_API_KEY and CRYPTO_PAYMENTS_IPN_SECRET required); off: no crypto deposits.',
  },
  CRYPTO_PAYMENTS_API_URL: {
    default: '(simulated: the sandbox)',
    description: 'Base URL of the crypto gateway API (external mode only).',
  },
  CRYPTO_PAYMENTS_API_KEY: {
    default: '(simulated: generated)',
    description: 'API key of the crypto gateway (x-api-key).',
  },
  CRYPTO_PAYMENTS_IPN_SECRET: {
    default: '(simulated: generated)',
    description:
      'Secret of the gateway IPN callbacks, HMAC-SHA512 (POST /api/payments/webhooks/crypto).',
  },
  CRYPTO_SANDBOX_CONFIRMATIONS: {
    default: '2',
    description:
      'Simulated blocks the crypto sandbox waits after coins arrive before it confirms a payment (1 to 100).',
  },
  DEPOSIT_MIN: { default: '10.00', description: 'Smallest deposit, in dollars.' },
  DEPOSIT_MAX: { default: '10000.00', description: 'Largest deposit, in dollars.' },
  WITHDRAWAL_MIN: { default: '20.00', description: 'Smallest withdrawal, in dollars.' },
  WITHDRAWAL_MAX: { default: '5000.00', description: 'Largest withdrawal, in dollars.' },
};

export const paymentsSecretVariables = [
  'CRYPTO_PAYMENTS_API_KEY',
  'CRYPTO_PAYMENTS_IPN_SECRET',
  'CARD_PAYMENTS_SECRET_KEY',
  'CARD_PAYMENTS_PUBLISHABLE_KEY',
  'CARD_PAYMENTS_WEBHOOK_SECRET',
] as const;

export interface AmountLimits {
  /** Thousandths. */
  min: bigint;
  max: bigint;
}

export interface PaymentsConfig {
  card: {
    mode: PaymentMode;
    /** External mode: the service's API base, without a trailing slash. */
    apiUrl: string | undefined;
    /** Unset in simulated mode: generated once into DATA_DIR/payments.json. Never logged. */
    secretKey: string | undefined;
    publishableKey: string | undefined;
    webhookSecret: string | undefined;
  };
  crypto: {
    mode: PaymentMode;
    apiUrl: string | undefined;
    apiKey: string | undefined;
    ipnSecret: string | undefined;
    /** The sandbox's blocks before a payment is confirmed. */
    sandboxConfirmations: number;
  };
  limits: { deposit: AmountLimits; withdrawal: AmountLimits };
}

export interface PaymentsConfigPart {
  payments: PaymentsConfig;
}

const thousandths = (text: string) => fromDecimalString(text, { scale: 2 });

/** What the schema alone cannot say: the lines of the start-up error, empty when fine. */
export function paymentsConfigProblems(e: PaymentsEnv): string[] {
  const problems: string[] = [];
  if (e.CARD_PAYMENTS_MODE === 'external') {
    for (const name of [
      'CARD_PAYMENTS_API_URL',
      'CARD_PAYMENTS_SECRET_KEY',
      'CARD_PAYMENTS_PUBLISHABLE_KEY',
      'CARD_PAYMENTS_WEBHOOK_SECRET',
    ] as const) {
      if (e[name] === undefined)
        problems.push(`  ${name}: required when CARD_PAYMENTS_MODE=external`);
    }
  } else if (e.CARD_PAYMENTS_API_URL !== undefined) {
    problems.push(
      `  CARD_PAYMENTS_API_URL: only used when CARD_PAYMENTS_MODE=external (it is ${e.CARD_PAYMENTS_MODE})`,
    );
  }
  if (e.CRYPTO_PAYMENTS_MODE === 'external') {
    for (const name of [
      'CRYPTO_PAYMENTS_API_URL',
      'CRYPTO_PAYMENTS_API_KEY',
      'CRYPTO_PAYMENTS_IPN_SECRET',
    ] as const) {
      if (e[name] === undefined) {
        problems.push(`  ${name}: required when CRYPTO_PAYMENTS_MODE=external`);
      }
    }
  } else if (e.CRYPTO_PAYMENTS_API_URL !== undefined) {
    problems.push(
      `  CRYPTO_PAYMENTS_API_URL: only used when CRYPTO_PAYMENTS_MODE=external (it is ${e.CRYPTO_PAYMENTS_MODE})`,
    );
  }
  for (const [kind, min, max] of [
    ['DEPOSIT', e.DEPOSIT_MIN, e.DEPOSIT_MAX],
    ['WITHDRAWAL', e.WITHDRAWAL_MIN, e.WITHDRAWAL_MAX],
  ] as const) {
    if (thousandths(min) <= 0n) problems.push(`  ${kind}_MIN: must be more than 0 (got "${min}")`);
    if (thousandths(min) > thousandths(max)) {
      problems.push(`  ${kind}_MIN: must not exceed ${kind}_MAX (${max}) (got "${min}")`);
    }
  }
  return problems;
}

export function paymentsConfigFrom(e: PaymentsEnv): PaymentsConfigPart {
  return {
    payments: {
      card: {
        mode: e.CARD_PAYMENTS_MODE,
        apiUrl: e.CARD_PAYMENTS_API_URL,
        secretKey: e.CARD_PAYMENTS_SECRET_KEY,
        publishableKey: e.CARD_PAYMENTS_PUBLISHABLE_KEY,
        webhookSecret: e.CARD_PAYMENTS_WEBHOOK_SECRET,
      },
      crypto: {
        mode: e.CRYPTO_PAYMENTS_MODE,
        apiUrl: e.CRYPTO_PAYMENTS_API_URL,
        apiKey: e.CRYPTO_PAYMENTS_API_KEY,
        ipnSecret: e.CRYPTO_PAYMENTS_IPN_SECRET,
        sandboxConfirmations: e.CRYPTO_SANDBOX_CONFIRMATIONS,
      },
      limits: {
        deposit: { min: thousandths(e.DEPOSIT_MIN), max: thousandths(e.DEPOSIT_MAX) },
        withdrawal: { min: thousandths(e.WITHDRAWAL_MIN), max: thousandths(e.WITHDRAWAL_MAX) },
      },
    },
  };
}

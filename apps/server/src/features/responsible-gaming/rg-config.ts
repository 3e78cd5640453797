import { z } from 'zod';
import {
  dollarAmount,
  httpUrl,
  wholeNumber,
  type EnvOf,
  type VariableDocs,
} from '../../lib/config-values';
import { fromDecimalString } from '../wallet';

/**
 * Responsible gaming's configuration (decision 070): the operator's defaults (a deposit limit
 * for new accounts, the reality check's interval), the national self-exclusion scheme (no
 * default: the operator names its country's) and the thresholds of the operator's flags.
 * Read by config.ts with every other variable, so a bad value stops start-up naming it.
 */
const dollars = dollarAmount('500.00');
const count = wholeNumber(1, 1000);

export const rgEnvShape = {
  RG_DEFAULT_DEPOSIT_LIMIT_DAY: dollars.optional(),
  RG_DEFAULT_DEPOSIT_LIMIT_WEEK: dollars.optional(),
  RG_DEFAULT_DEPOSIT_LIMIT_MONTH: dollars.optional(),
  RG_DEFAULT_REALITY_CHECK_MINUTES: z
    .enum(['0', '15', '30', '60'], { error: 'must be 0 (off), 15, 30 or 60' })
    .default('60'),
  RG_NATIONAL_SCHEME_URL: httpUrl.optional(),
  RG_FLAG_NET_DEPOSITS_30D: dollars.default('5000.00'),
  RG_FLAG_LIMIT_RAISES_30D: count.default(3),
  RG_FLAG_DECLINED_DEPOSITS_30D: count.default(5),
};

type RgEnv = EnvOf<typeof rgEnvShape>;

export const rgConfigVariables: VariableDocs<keyof typeof rgEnvShape> = {
  RG_DEFAULT_DEPOSIT_LIMIT_DAY: {
    default: '(none)',
    description:
      'A deposit limit per rolling 24 hours (dollars) given to every player who has not set one; the player may lower it at once and raise it after 24 hours.',
  },
  RG_DEFAULT_DEPOSIT_LIMIT_WEEK: {
    default: '(none)',
    description: 'The same per rolling 7 days.',
  },
  RG_DEFAULT_DEPOSIT_LIMIT_MONTH: {
    default: '(none)',
    description: 'The same per rolling 30 days.',
  },
  RG_DEFAULT_REALITY_CHECK_MINUTES: {
    default: '60',
    description:
      'The reality check interval of a player who has not chosen one: 0 (off), 15, 30 or 60.',
  },
  RG_NATIONAL_SCHEME_URL: {
    default: '(none)',
    description:
      'The national self-exclusion scheme offered with a self-exclusion (for example the country’s multi-operator scheme); no default country.',
  },
  RG_FLAG_NET_DEPOSITS_30D: {
    default: '5000.00',
    description:
      'Net deposits (deposits − withdrawals) over 30 rolling days above which the operator API flags a player for an affordability check.',
  },
  RG_FLAG_LIMIT_RAISES_30D: {
    default: '3',
    description: 'Limit raises or removals in 30 days from which a player is flagged.',
  },
  RG_FLAG_DECLINED_DEPOSITS_30D: {
    default: '5',
    description:
      'Declined deposits (failed, or refused by a limit) in 30 days from which a player is flagged.',
  },
};

export interface RgConfig {
  /** Deposit limits given by default, in thousandths; absent periods have none. */
  defaultDepositLimits: Partial<Record<'day' | 'week' | 'month', bigint>>;
  defaultRealityCheckMinutes: 0 | 15 | 30 | 60;
  nationalSchemeUrl: string | undefined;
  flags: { netDeposits: bigint; limitRaises: number; declinedDeposits: number };
}

export interface RgConfigPart {
  responsibleGaming: RgConfig;
}

const thousandths = (text: string) => fromDecimalString(text, { scale: 2 });

export function rgConfigFrom(e: RgEnv): RgConfigPart {
  const defaults: RgConfig['defaultDepositLimits'] = {};
  if (e.RG_DEFAULT_DEPOSIT_LIMIT_DAY) defaults.day = thousandths(e.RG_DEFAULT_DEPOSIT_LIMIT_DAY);
  if (e.RG_DEFAULT_DEPOSIT_LIMIT_WEEK) defaults.week = thousandths(e.RG_DEFAULT_DEPOSIT_LIMIT_WEEK);
  if (e.RG_DEFAULT_DEPOSIT_LIMIT_MONTH) {
    defaults.month = thousandths(e.RG_DEFAULT_DEPOSIT_LIMIT_MONTH);
  }
  return {
    responsibleGaming: {
      defaultDepositLimits: defaults,
      defaultRealityCheckMinutes: Number(e.RG_DEFAULT_REALITY_CHECK_MINUTES) as 0 | 15 | 30 | 60,
      nationalSchemeUrl: e.RG_NATIONAL_SCHEME_URL,
      flags: {
        netDeposits: thousandths(e.RG_FLAG_NET_DEPOSITS_30D),
        limitRaises: e.RG_FLAG_LIMIT_RAISES_30D,
        declinedDeposits: e.RG_FLAG_DECLINED_DEPOSITS_30D,
      },
    },
  };
}

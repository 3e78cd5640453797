import { z } from 'zod';
import {
  coreConfigFrom,
  coreConfigProblems,
  coreConfigVariables,
  coreEnvShape,
  coreSecretVariables,
  type CoreConfigPart,
} from './core-config';
import {
  providerConfigFrom,
  providerConfigProblems,
  providerConfigVariables,
  providerEnvShape,
  providerSecretVariables,
  type ProviderConfigPart,
} from './features/providers/provider-config';
import {
  paymentsConfigFrom,
  paymentsConfigProblems,
  paymentsConfigVariables,
  paymentsEnvShape,
  paymentsSecretVariables,
  type PaymentsConfigPart,
} from './features/payments/payments-config';
import {
  backofficeConfigFrom,
  backofficeConfigVariables,
  backofficeEnvShape,
  type BackofficeConfigPart,
} from './features/staff/staff-config';
import {
  operationsConfigFrom,
  operationsConfigVariables,
  operationsEnvShape,
  operationsSecretVariables,
  type OperationsConfigPart,
} from './lib/operations/operations-config';
import {
  rgConfigFrom,
  rgConfigVariables,
  rgEnvShape,
  type RgConfigPart,
} from './features/responsible-gaming';
import { fromDecimalString } from './features/wallet/money';
import type { VariableDocs } from './lib/config-values';
import { StartupError } from './lib/errors';

/**
 * The configuration: the server's own part (core-config.ts) and each feature's
 * (`<name>-config.ts`), read from the environment at once so that a bad value stops start-up
 * naming every bad variable.
 */

/** The environment as the server reads it; every value arrives as a string or not at all. */
const envSchema = z.object({
  ...coreEnvShape,
  ...providerEnvShape,
  ...paymentsEnvShape,
  ...operationsEnvShape,
  ...backofficeEnvShape,
  ...rgEnvShape,
});

/**
 * One line per variable, in the order of the schema: the README's configuration table is
 * written from this list, and a test checks that it covers every variable of the schema.
 */
export const configVariables: VariableDocs<keyof z.input<typeof envSchema>> = {
  ...coreConfigVariables,
  ...providerConfigVariables,
  ...paymentsConfigVariables,
  ...operationsConfigVariables,
  ...backofficeConfigVariables,
  ...rgConfigVariables,
};

export interface Config
  extends
    CoreConfigPart,
    ProviderConfigPart,
    PaymentsConfigPart,
    OperationsConfigPart,
    BackofficeConfigPart,
    RgConfigPart {
  /** KYC_WITHDRAWAL_THRESHOLD in thousandths of a dollar. */
  kycWithdrawalThreshold: bigint;
}

const unechoed = new Set<string>([
  ...coreSecretVariables,
  ...providerSecretVariables,
  ...paymentsSecretVariables,
  ...operationsSecretVariables,
]);

/** A configuration problem: the message names every bad variable and is safe to print as is. */
export class ConfigError extends StartupError {
  override readonly name = 'ConfigError';
}

/**
 * Reads and validates the configuration. Takes the environment as an argument (not
 * process.env directly) so tests can build any configuration without touching globals.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd: string = process.cwd(),
): Config {
  // An empty variable (`PORT=`) means "not set", as in most shells' .env conventions.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = issue.path.map(String).join('.') || '(environment)';
      const value = typeof issue.path[0] === 'string' ? present[issue.path[0]] : undefined;
      // Secrets and URLs that may carry a password are never echoed.
      const shown = value === undefined || unechoed.has(name) ? '' : ` (got "${value}")`;
      return `  ${name}: ${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  // The providers' and payments' problems first; the sessions' only once those are right.
  for (const problems of [
    [...providerConfigProblems(e), ...paymentsConfigProblems(e)],
    coreConfigProblems(e),
  ]) {
    if (problems.length > 0) {
      throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
    }
  }
  return {
    ...coreConfigFrom(e, cwd),
    kycWithdrawalThreshold: fromDecimalString(e.KYC_WITHDRAWAL_THRESHOLD, { scale: 2 }),
    ...providerConfigFrom(e),
    ...paymentsConfigFrom(e),
    ...operationsConfigFrom(e),
    ...backofficeConfigFrom(e, cwd),
    ...rgConfigFrom(e),
  };
}

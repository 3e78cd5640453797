import { resolve } from 'node:path';
import { z } from 'zod';
import { dollarAmount, type EnvOf, type VariableDocs } from '../../lib/config-values';
import { serverPackageRoot } from '../../lib/package-root';
import { fromDecimalString } from '../wallet';
import { parseCidrList } from './staff-scope';

/**
 * The back office's configuration (issue 28), read by config.ts with every other variable so
 * a bad value stops start-up naming it.
 */
export const backofficeEnvShape = {
  BACKOFFICE_ORIGIN: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// origin' })
    .optional(),
  BACKOFFICE_ALLOWED_IPS: z
    .string()
    .refine(
      (text) => {
        try {
          parseCidrList(text);
          return true;
        } catch {
          return false;
        }
      },
      { error: 'must be a comma-separated list of IP addresses or CIDR ranges, e.g. 10.0.0.0/8' },
    )
    .optional(),
  BACKOFFICE_FOUR_EYES_AMOUNT: dollarAmount('500.00').default('500.00'),
  BACKOFFICE_DIST_DIR: z.string().min(1).optional(),
};

type BackofficeEnv = EnvOf<typeof backofficeEnvShape>;

export const backofficeConfigVariables: VariableDocs<keyof typeof backofficeEnvShape> = {
  BACKOFFICE_ORIGIN: {
    default: '(unset: served at /backoffice/ of this server)',
    description:
      'The origin the back office is served from when not this server (e.g. https://office.casino.example): set-up links point there, and its requests to /api/operator pass the origin check. The staff cookie is SameSite=Strict, so that origin must be on the same site as the API.',
  },
  BACKOFFICE_ALLOWED_IPS: {
    default: '(unset: any address)',
    description:
      'Comma-separated IP addresses and CIDR ranges allowed on /api/operator (staff and the service account); others get 403. Behind a proxy, set TRUST_PROXY so the client address is the forwarded one.',
  },
  BACKOFFICE_FOUR_EYES_AMOUNT: {
    default: '500.00',
    description:
      'Manual adjustments and withdrawal approvals above this amount need a second, different staff member before money moves.',
  },
  BACKOFFICE_DIST_DIR: {
    default: 'apps/backoffice/dist',
    description:
      'The built back office, served at /backoffice/ when the folder exists (its own Content-Security-Policy).',
  },
};

export interface BackofficeConfigPart {
  backoffice: {
    /** Without a trailing slash. */
    origin: string | undefined;
    allowedIps: string | undefined;
    /** Thousandths. */
    fourEyesAmount: bigint;
    /** As configured ("500.00"). */
    fourEyesAmountText: string;
    /** Absolute. */
    distDir: string;
  };
}

export function backofficeConfigFrom(e: BackofficeEnv, cwd: string): BackofficeConfigPart {
  return {
    backoffice: {
      origin: e.BACKOFFICE_ORIGIN === undefined ? undefined : new URL(e.BACKOFFICE_ORIGIN).origin,
      allowedIps: e.BACKOFFICE_ALLOWED_IPS,
      fourEyesAmount: fromDecimalString(e.BACKOFFICE_FOUR_EYES_AMOUNT, { scale: 2 }),
      fourEyesAmountText: formatDollars(e.BACKOFFICE_FOUR_EYES_AMOUNT),
      distDir:
        e.BACKOFFICE_DIST_DIR === undefined
          ? resolve(serverPackageRoot, '../backoffice/dist')
          : resolve(cwd, e.BACKOFFICE_DIST_DIR),
    },
  };
}

/** "500" → "500.00". */
function formatDollars(text: string): string {
  const [whole = '0', cents = ''] = text.split('.');
  return `${whole}.${cents.padEnd(2, '0')}`;
}

import { z } from 'zod';

/**
 * The providers' part of the configuration. It lives here, beside the code that uses it, and
 * is spread into config.ts's schema and variable table, so every variable is still validated
 * and documented in one place.
 */
export const providerModes = ['simulated', 'external'] as const;
export type ProviderMode = (typeof providerModes)[number];

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
  .transform((value) => value.replace(/\/+$/, ''));

const integer = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

/**
 * The player's country sent on Pragmatic's game/url, which the protocol requires and our
 * player profile does not hold yet: Malta, the licence most international operators hold,
 * rather than a market whose regulator changes how games behave (GB's rules, for one).
 */
export const defaultPragmaticCountry = 'MT';

export const providerEnvShape = {
  PROVIDERS: z
    .enum(providerModes, { error: `must be one of ${providerModes.join(', ')}` })
    .default('simulated'),
  ENDORPHINA_URL: httpUrl.optional(),
  ENDORPHINA_NODE_ID: z.string().optional(),
  ENDORPHINA_SALT: z.string().optional(),
  PRAGMATIC_API_URL: httpUrl.optional(),
  PRAGMATIC_SECURE_LOGIN: z.string().optional(),
  PRAGMATIC_SECRET_KEY: z.string().optional(),
  PRAGMATIC_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code in capitals, e.g. MT' })
    .default(defaultPragmaticCountry),
  PRAGMATIC_IMAGE_URL: httpUrl.optional(),
  PRAGMATIC_DEMO_URL: httpUrl.optional(),
  GBGAMES_URL: httpUrl.optional(),
  GBGAMES_SECRET: z.string().optional(),
  LAUNCH_TOKEN_TTL_SECONDS: integer(60, 7 * 24 * 3600).default(4 * 3600),
  CATALOG_SYNC_INTERVAL_MINUTES: integer(0, 7 * 24 * 60).default(24 * 60),
  CATALOG_PAGE_CACHE_SECONDS: integer(0, 3600).default(30),
};

type ProviderEnv = z.output<z.ZodObject<typeof providerEnvShape>>;

export const providerConfigVariables: Record<
  keyof typeof providerEnvShape,
  { default: string; description: string }
> = {
  PROVIDERS: {
    default: 'simulated',
    description:
      'simulated: the built-in game studios run in-process under /studios, with secrets generated once into DATA_DIR/providers.json; external: real providers, and every ENDORPHINA_*, PRAGMATIC_* and GBGAMES_* variable is required.',
  },
  ENDORPHINA_URL: {
    default: '(simulated: PUBLIC_URL/studios/endorphina)',
    description: 'Endorphina base URL: launch links and the game catalog.',
  },
  ENDORPHINA_NODE_ID: {
    default: '(simulated: generated)',
    description: 'Our operator node id at Endorphina.',
  },
  ENDORPHINA_SALT: {
    default: '(simulated: generated)',
    description: 'Shared secret of the Endorphina sign (SHA-1).',
  },
  PRAGMATIC_API_URL: {
    default: '(simulated: PUBLIC_URL/studios/pragmatic/IntegrationService/v3/http/CasinoGameAPI)',
    description: 'Pragmatic Play Integration API base URL (getCasinoGames, game/url).',
  },
  PRAGMATIC_SECURE_LOGIN: {
    default: '(simulated: generated)',
    description: 'Our secureLogin at Pragmatic Play.',
  },
  PRAGMATIC_SECRET_KEY: {
    default: '(simulated: generated)',
    description: 'Shared secret of the Pragmatic Play hash (MD5).',
  },
  PRAGMATIC_COUNTRY: {
    default: defaultPragmaticCountry,
    description:
      "ISO 3166-1 alpha-2 country sent as `country` on Pragmatic Play's game/url (required by the protocol; players have no country of their own yet): your licence's jurisdiction.",
  },
  PRAGMATIC_IMAGE_URL: {
    default: '(simulated: the studio; external: none, generated tiles)',
    description:
      "Pragmatic Play's image host: each game's artwork is {PRAGMATIC_IMAGE_URL}/game_pic/square/200/{gameID}.png (getCasinoGames carries none). Unset with a real provider: a generated tile per game.",
  },
  PRAGMATIC_DEMO_URL: {
    default: '(simulated: the studio; external: the host of PRAGMATIC_API_URL)',
    description:
      "Pragmatic Play's demo host: demo links are {PRAGMATIC_DEMO_URL}/gs2c/openGame.do?gameSymbol={gameID}&lang=en&cur=USD.",
  },
  GBGAMES_URL: {
    default: '(simulated: PUBLIC_URL/studios/gbgames)',
    description: 'GB Games studio base URL: catalog and launch.',
  },
  GBGAMES_SECRET: {
    default: '(simulated: generated)',
    description: 'Shared HMAC-SHA256 secret of GB Games (X-GB-Signature).',
  },
  LAUNCH_TOKEN_TTL_SECONDS: {
    default: '14400',
    description:
      'Lifetime in seconds of the opaque launch token a real-money launch hands to a provider (60 to 604800).',
  },
  CATALOG_SYNC_INTERVAL_MINUTES: {
    default: '1440',
    description:
      'Minutes between catalog re-syncs after start-up; 0 syncs only at start-up and on "npm run games:sync -w apps/server".',
  },
  CATALOG_PAGE_CACHE_SECONDS: {
    default: '30',
    description:
      "Seconds a public game-list page is served from this instance's memory (cleared by its own syncs; another instance's sync shows within this time); 0 reads every page from the database.",
  },
};

/** Secrets are never echoed in a configuration error. */
export const providerSecretVariables = [
  'ENDORPHINA_SALT',
  'PRAGMATIC_SECRET_KEY',
  'GBGAMES_SECRET',
] as const;

/** Everything PROVIDERS=external needs: base URLs and secrets of every provider. */
const externalRequired = [
  'ENDORPHINA_URL',
  'ENDORPHINA_NODE_ID',
  'ENDORPHINA_SALT',
  'PRAGMATIC_API_URL',
  'PRAGMATIC_SECURE_LOGIN',
  'PRAGMATIC_SECRET_KEY',
  'GBGAMES_URL',
  'GBGAMES_SECRET',
] as const;

/**
 * Provider URLs and secrets as configured. In simulated mode the unset ones are filled at
 * start-up (provider-settings.ts); in external mode loadConfig has checked they are all set.
 */
export interface ProvidersConfig {
  mode: ProviderMode;
  endorphina: { url?: string; nodeId?: string; salt?: string };
  pragmatic: {
    apiUrl?: string;
    secureLogin?: string;
    secretKey?: string;
    /** ISO 3166-1 alpha-2, never empty (defaultPragmaticCountry). */
    country: string;
    imageUrl?: string;
    demoUrl?: string;
  };
  gbgames: { url?: string; secret?: string };
}

export interface ProviderConfigPart {
  providers: ProvidersConfig;
  launchTokenTtlSeconds: number;
  catalogSyncIntervalMinutes: number;
  catalogPageCacheSeconds: number;
}

/** Problems as "  NAME: message" lines (empty when fine), for loadConfig's error. */
export function providerConfigProblems(e: ProviderEnv): string[] {
  if (e.PROVIDERS !== 'external') return [];
  return externalRequired
    .filter((name) => e[name] === undefined || e[name].trim() === '')
    .map((name) => `  ${name}: required when PROVIDERS=external`);
}

export function providerConfigFrom(e: ProviderEnv): ProviderConfigPart {
  const set = (value: string | undefined) => (value && value.trim() !== '' ? value : undefined);
  return {
    providers: {
      mode: e.PROVIDERS,
      endorphina: {
        url: e.ENDORPHINA_URL,
        nodeId: set(e.ENDORPHINA_NODE_ID),
        salt: set(e.ENDORPHINA_SALT),
      },
      pragmatic: {
        apiUrl: e.PRAGMATIC_API_URL,
        secureLogin: set(e.PRAGMATIC_SECURE_LOGIN),
        secretKey: set(e.PRAGMATIC_SECRET_KEY),
        country: e.PRAGMATIC_COUNTRY,
        imageUrl: e.PRAGMATIC_IMAGE_URL,
        demoUrl: e.PRAGMATIC_DEMO_URL,
      },
      gbgames: { url: e.GBGAMES_URL, secret: set(e.GBGAMES_SECRET) },
    },
    launchTokenTtlSeconds: e.LAUNCH_TOKEN_TTL_SECONDS,
    catalogSyncIntervalMinutes: e.CATALOG_SYNC_INTERVAL_MINUTES,
    catalogPageCacheSeconds: e.CATALOG_PAGE_CACHE_SECONDS,
  };
}

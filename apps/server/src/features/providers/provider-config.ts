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

export const providerEnvShape = {
  PROVIDERS: z
    .enum(providerModes, { error: `must be one of ${providerModes.join(', ')}` })
    .default('simulated'),
  ENDORPHINA_URL: httpUrl.optional(),
  ENDORPHINA_NODE_ID: z.string().optional(),
  ENDORPHINA_SALT: z.string().optional(),
  ENDORPHINA_GAMES_FILE: z.string().optional(),
  ENDORPHINA_GAMES_URL: httpUrl.optional(),
  ENDORPHINA_IMAGE_URL: z.string().optional(),
  ENDORPHINA_DEMO_URL: httpUrl.optional(),
  ENDORPHINA_DEMO_ACCOUNT_ID: z.string().optional(),
  PRAGMATIC_API_URL: httpUrl.optional(),
  PRAGMATIC_SECURE_LOGIN: z.string().optional(),
  PRAGMATIC_SECRET_KEY: z.string().optional(),
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
    description:
      'Endorphina base URL: launch links (the catalog comes from ENDORPHINA_GAMES_FILE or ENDORPHINA_GAMES_URL).',
  },
  ENDORPHINA_NODE_ID: {
    default: '(simulated: generated)',
    description: 'Our operator node id at Endorphina.',
  },
  ENDORPHINA_SALT: {
    default: '(simulated: generated)',
    description: 'Shared secret of the Endorphina sign (SHA-1).',
  },
  ENDORPHINA_GAMES_FILE: {
    default: '(none)',
    description:
      'Path of the Endorphina game list (JSON: an array of {id, description, …}, or {games: [...]}) the provider gave us; read on every catalog sync. Wins over ENDORPHINA_GAMES_URL.',
  },
  ENDORPHINA_GAMES_URL: {
    default: '(simulated: PUBLIC_URL/studios/endorphina/api/games)',
    description:
      'Feed of the same Endorphina game list, fetched with nodeId and sign. Without it or ENDORPHINA_GAMES_FILE there is no Endorphina catalog.',
  },
  ENDORPHINA_IMAGE_URL: {
    default: '(none: a generated tile)',
    description:
      'Endorphina artwork URL for games whose list entry has no image: {id} is the game id, {name} its bare name (e.g. https://cdn.example/endorphina/{name}.png).',
  },
  ENDORPHINA_DEMO_URL: {
    default: '(none: no demos)',
    description:
      "Endorphina's demo host (e.g. https://edemo.endorphina.com): demo links are asked from {host}/api/link/accountId/{account}/hash/{MD5 of game id}/returnURL/{exit}. Needs ENDORPHINA_DEMO_ACCOUNT_ID.",
  },
  ENDORPHINA_DEMO_ACCOUNT_ID: {
    default: '(none)',
    description: 'Our account id at the Endorphina demo host.',
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
  endorphina: {
    url?: string;
    nodeId?: string;
    salt?: string;
    /** The game list: a file, or a feed (docs/protocols/endorphina.md, "Catalog and demo"). */
    gamesFile?: string;
    gamesUrl?: string;
    imageUrl?: string;
    demoUrl?: string;
    demoAccountId?: string;
  };
  pragmatic: { apiUrl?: string; secureLogin?: string; secretKey?: string };
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
        ...endorphinaListConfig(e),
      },
      pragmatic: {
        apiUrl: e.PRAGMATIC_API_URL,
        secureLogin: set(e.PRAGMATIC_SECURE_LOGIN),
        secretKey: set(e.PRAGMATIC_SECRET_KEY),
      },
      gbgames: { url: e.GBGAMES_URL, secret: set(e.GBGAMES_SECRET) },
    },
    launchTokenTtlSeconds: e.LAUNCH_TOKEN_TTL_SECONDS,
    catalogSyncIntervalMinutes: e.CATALOG_SYNC_INTERVAL_MINUTES,
    catalogPageCacheSeconds: e.CATALOG_PAGE_CACHE_SECONDS,
  };
}

/** The optional Endorphina list, artwork and demo variables, only those set. */
function endorphinaListConfig(e: ProviderEnv): Partial<ProvidersConfig['endorphina']> {
  const entries = {
    gamesFile: e.ENDORPHINA_GAMES_FILE,
    gamesUrl: e.ENDORPHINA_GAMES_URL,
    imageUrl: e.ENDORPHINA_IMAGE_URL,
    demoUrl: e.ENDORPHINA_DEMO_URL,
    demoAccountId: e.ENDORPHINA_DEMO_ACCOUNT_ID,
  };
  return Object.fromEntries(
    Object.entries(entries).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
}

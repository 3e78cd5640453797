import type { ProviderSlug } from '@casino/contracts';
import { z } from 'zod';
import { baseUrl, wholeNumber, type EnvOf, type VariableDocs } from '../../lib/config-values';

/**
 * The providers' part of the configuration. It lives here, beside the code that uses it, and
 * is spread into config.ts's schema and variable table, so every variable is still validated
 * and documented in one place.
 */
/**
 * How the operator runs each provider: the built-in simulated studio, the real provider
 * under contract, or not at all (gone from the lobby, the navigation and the catalog).
 */
export const providerModes = ['simulated', 'external', 'off'] as const;
export type ProviderMode = (typeof providerModes)[number];

/**
 * The player's country sent on Pragmatic's game/url, which the protocol requires and our
 * player profile does not hold yet: Malta, the licence most international operators hold,
 * rather than a market whose regulator changes how games behave (GB's rules, for one).
 */
export const defaultPragmaticCountry = 'MT';

const mode = z.enum(providerModes, { error: `must be one of ${providerModes.join(', ')}` });

export const providerEnvShape = {
  PROVIDERS: mode.default('simulated'),
  ENDORPHINA_MODE: mode.optional(),
  PRAGMATIC_MODE: mode.optional(),
  GBGAMES_MODE: mode.optional(),
  ENDORPHINA_URL: baseUrl.optional(),
  ENDORPHINA_NODE_ID: z.string().optional(),
  ENDORPHINA_SALT: z.string().optional(),
  ENDORPHINA_GAMES_FILE: z.string().optional(),
  ENDORPHINA_GAMES_URL: baseUrl.optional(),
  ENDORPHINA_IMAGE_URL: z.string().optional(),
  ENDORPHINA_DEMO_URL: baseUrl.optional(),
  ENDORPHINA_DEMO_ACCOUNT_ID: z.string().optional(),
  PRAGMATIC_API_URL: baseUrl.optional(),
  PRAGMATIC_SECURE_LOGIN: z.string().optional(),
  PRAGMATIC_SECRET_KEY: z.string().optional(),
  PRAGMATIC_COUNTRY: z
    .string()
    .regex(/^[A-Z]{2}$/, { error: 'must be an ISO 3166-1 alpha-2 code in capitals, e.g. MT' })
    .default(defaultPragmaticCountry),
  PRAGMATIC_IMAGE_URL: baseUrl.optional(),
  PRAGMATIC_DEMO_URL: baseUrl.optional(),
  GBGAMES_URL: baseUrl.optional(),
  GBGAMES_SECRET: z.string().optional(),
  LAUNCH_TOKEN_TTL_SECONDS: wholeNumber(60, 7 * 24 * 3600).default(4 * 3600),
  CATALOG_SYNC_INTERVAL_MINUTES: wholeNumber(0, 7 * 24 * 60).default(24 * 60),
  CATALOG_PAGE_CACHE_SECONDS: wholeNumber(0, 3600).default(30),
};

type ProviderEnv = EnvOf<typeof providerEnvShape>;

export const providerConfigVariables: VariableDocs<keyof typeof providerEnvShape> = {
  PROVIDERS: {
    default: 'simulated',
    description:
      'Shorthand for every provider whose own *_MODE is unset. simulated: the built-in game studio runs in-process under /studios, with secrets generated once into DATA_DIR/providers.json; external: the real provider (its URL and secrets are required); off: the provider is not offered (gone from the lobby, the navigation and the catalog endpoints).',
  },
  ENDORPHINA_MODE: {
    default: '(PROVIDERS)',
    description:
      'simulated, external or off for Endorphina alone (docs/operations.md). external requires ENDORPHINA_URL, ENDORPHINA_NODE_ID and ENDORPHINA_SALT; ENDORPHINA_URL is refused in the other modes.',
  },
  PRAGMATIC_MODE: {
    default: '(PROVIDERS)',
    description:
      'simulated, external or off for Pragmatic Play alone. external requires PRAGMATIC_API_URL, PRAGMATIC_SECURE_LOGIN and PRAGMATIC_SECRET_KEY; the URLs are refused in the other modes.',
  },
  GBGAMES_MODE: {
    default: '(PROVIDERS)',
    description:
      'simulated, external or off for GB Games alone. external requires GBGAMES_URL and GBGAMES_SECRET; GBGAMES_URL is refused in the other modes.',
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

type ProviderVariable = Exclude<
  keyof ProviderEnv,
  | 'PROVIDERS'
  | 'ENDORPHINA_MODE'
  | 'PRAGMATIC_MODE'
  | 'GBGAMES_MODE'
  | 'LAUNCH_TOKEN_TTL_SECONDS'
  | 'CATALOG_SYNC_INTERVAL_MINUTES'
  | 'CATALOG_PAGE_CACHE_SECONDS'
>;

/**
 * Each provider's variables by what they do, so that a setting which cannot take effect in
 * the provider's mode stops start-up instead of being silently ignored:
 * - `required`: what external mode cannot run without;
 * - `externalOnly`: where the real provider is (a simulated studio is served by us, an off
 *   provider is not called), refused in the other modes;
 * - `callbacks`: what the wallet callbacks verify with. Allowed when the provider is off, so
 *   that its retries of wins and refunds for rounds played before the switch still land
 *   (without them every callback is refused: fail closed).
 * Every other variable of the provider takes effect in external and simulated mode (the
 * studio uses the same secrets) and is refused when it is off.
 */
const providerVariables: Record<
  ProviderSlug,
  {
    modeVariable: 'ENDORPHINA_MODE' | 'PRAGMATIC_MODE' | 'GBGAMES_MODE';
    all: readonly ProviderVariable[];
    required: readonly ProviderVariable[];
    externalOnly: readonly ProviderVariable[];
    callbacks: readonly ProviderVariable[];
  }
> = {
  endorphina: {
    modeVariable: 'ENDORPHINA_MODE',
    all: variablesNamed('ENDORPHINA_'),
    required: ['ENDORPHINA_URL', 'ENDORPHINA_NODE_ID', 'ENDORPHINA_SALT'],
    // The game list, artwork and demo a real Endorphina gives an operator; the studio serves
    // its own.
    externalOnly: [
      'ENDORPHINA_URL',
      'ENDORPHINA_GAMES_FILE',
      'ENDORPHINA_GAMES_URL',
      'ENDORPHINA_IMAGE_URL',
      'ENDORPHINA_DEMO_URL',
      'ENDORPHINA_DEMO_ACCOUNT_ID',
    ],
    callbacks: ['ENDORPHINA_NODE_ID', 'ENDORPHINA_SALT'],
  },
  pragmatic: {
    modeVariable: 'PRAGMATIC_MODE',
    all: variablesNamed('PRAGMATIC_'),
    required: ['PRAGMATIC_API_URL', 'PRAGMATIC_SECURE_LOGIN', 'PRAGMATIC_SECRET_KEY'],
    externalOnly: ['PRAGMATIC_API_URL', 'PRAGMATIC_IMAGE_URL', 'PRAGMATIC_DEMO_URL'],
    callbacks: ['PRAGMATIC_SECRET_KEY'],
  },
  gbgames: {
    modeVariable: 'GBGAMES_MODE',
    all: variablesNamed('GBGAMES_'),
    required: ['GBGAMES_URL', 'GBGAMES_SECRET'],
    externalOnly: ['GBGAMES_URL'],
    callbacks: ['GBGAMES_SECRET'],
  },
};

/**
 * A provider's variables, in the order of the variables table (its problems are told in that
 * order), read from the table so that a new one cannot be left out of the mode checks. Not
 * its mode, and not PRAGMATIC_COUNTRY: it has a default, so "set" cannot be told from
 * "defaulted".
 */
function variablesNamed(prefix: string): ProviderVariable[] {
  const unchecked = new Set([`${prefix}MODE`, 'PRAGMATIC_COUNTRY']);
  return Object.keys(providerEnvShape).filter(
    (name): name is ProviderVariable => name.startsWith(prefix) && !unchecked.has(name),
  );
}

const isSet = (value: string | undefined): value is string =>
  value !== undefined && value.trim() !== '';

/** A provider's mode and the variable that chose it (for messages). */
function modeOf(e: ProviderEnv, provider: ProviderSlug): { mode: ProviderMode; from: string } {
  const { modeVariable } = providerVariables[provider];
  const own = e[modeVariable];
  return own ? { mode: own, from: modeVariable } : { mode: e.PROVIDERS, from: 'PROVIDERS' };
}

/**
 * Provider URLs and secrets as configured, with each provider's mode. For a simulated
 * provider the unset ones are filled at start-up (provider-settings.ts); for an external one
 * loadConfig has checked that they are all set.
 */
export interface ProvidersConfig {
  endorphina: {
    mode: ProviderMode;
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
  pragmatic: {
    mode: ProviderMode;
    apiUrl?: string;
    secureLogin?: string;
    secretKey?: string;
    /** ISO 3166-1 alpha-2, never empty (defaultPragmaticCountry). */
    country: string;
    imageUrl?: string;
    demoUrl?: string;
  };
  gbgames: { mode: ProviderMode; url?: string; secret?: string };
}

export interface ProviderConfigPart {
  providers: ProvidersConfig;
  launchTokenTtlSeconds: number;
  catalogSyncIntervalMinutes: number;
  catalogPageCacheSeconds: number;
}

/** Problems as "  NAME: message" lines (empty when fine), for loadConfig's error. */
export function providerConfigProblems(e: ProviderEnv): string[] {
  const problems: string[] = [];
  // In the order of the variables table (and of the README).
  for (const provider of ['endorphina', 'pragmatic', 'gbgames'] as const) {
    const variables = providerVariables[provider];
    const { mode, from } = modeOf(e, provider);
    for (const name of variables.all) {
      const value = e[name];
      if (mode === 'external' && variables.required.includes(name) && !isSet(value)) {
        problems.push(`  ${name}: required when ${from}=external`);
      } else if (mode === 'simulated' && variables.externalOnly.includes(name) && isSet(value)) {
        problems.push(
          `  ${name}: cannot take effect while ${from}=simulated (the built-in studio serves this provider); set ${variables.modeVariable}=external to use the real provider, or remove it`,
        );
      } else if (mode === 'off' && !variables.callbacks.includes(name) && isSet(value)) {
        problems.push(
          `  ${name}: cannot take effect while ${from}=off (the provider is not offered); set ${variables.modeVariable}=external to use it, or remove it`,
        );
      }
    }
  }
  return problems;
}

export function providerConfigFrom(e: ProviderEnv): ProviderConfigPart {
  const set = (value: string | undefined) => (isSet(value) ? value : undefined);
  return {
    providers: {
      endorphina: {
        mode: modeOf(e, 'endorphina').mode,
        url: e.ENDORPHINA_URL,
        nodeId: set(e.ENDORPHINA_NODE_ID),
        salt: set(e.ENDORPHINA_SALT),
        ...endorphinaListConfig(e),
      },
      pragmatic: {
        mode: modeOf(e, 'pragmatic').mode,
        apiUrl: e.PRAGMATIC_API_URL,
        secureLogin: set(e.PRAGMATIC_SECURE_LOGIN),
        secretKey: set(e.PRAGMATIC_SECRET_KEY),
        country: e.PRAGMATIC_COUNTRY,
        imageUrl: e.PRAGMATIC_IMAGE_URL,
        demoUrl: e.PRAGMATIC_DEMO_URL,
      },
      gbgames: {
        mode: modeOf(e, 'gbgames').mode,
        url: e.GBGAMES_URL,
        secret: set(e.GBGAMES_SECRET),
      },
    },
    launchTokenTtlSeconds: e.LAUNCH_TOKEN_TTL_SECONDS,
    catalogSyncIntervalMinutes: e.CATALOG_SYNC_INTERVAL_MINUTES,
    catalogPageCacheSeconds: e.CATALOG_PAGE_CACHE_SECONDS,
  };
}

/** Each provider's mode, in navigation order. */
export function providerModesOf(providers: ProvidersConfig): Record<ProviderSlug, ProviderMode> {
  return {
    endorphina: providers.endorphina.mode,
    gbgames: providers.gbgames.mode,
    pragmatic: providers.pragmatic.mode,
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

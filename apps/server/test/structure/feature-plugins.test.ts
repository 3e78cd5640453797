import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authFeature } from '../../src/features/auth/auth-feature';
import { bannersFeature } from '../../src/features/banners/banners-feature';
import { bonusFeature } from '../../src/features/bonus/bonus-feature';
import { chatFeature } from '../../src/features/chat/chat-feature';
import { contentFeature } from '../../src/features/content/content-feature';
import { devFeature } from '../../src/features/dev/dev-feature';
import { gameSessionsFeature } from '../../src/features/game-sessions/game-sessions-feature';
import { gamesFeature } from '../../src/features/games/games-feature';
import { healthFeature } from '../../src/features/health/health-feature';
import { housekeepingFeature } from '../../src/features/housekeeping/housekeeping-feature';
import { identityFeature } from '../../src/features/identity/identity-feature';
import { paymentsFeature } from '../../src/features/payments/payments-feature';
import { metricsFeature } from '../../src/features/metrics/metrics-feature';
import { privacyFeature } from '../../src/features/privacy/privacy-feature';
import { providersFeature } from '../../src/features/providers/providers-feature';
import { staffFeature } from '../../src/features/staff/staff-feature';
import { responsibleGamingFeature } from '../../src/features/responsible-gaming/responsible-gaming-feature';
import { supportFeature } from '../../src/features/support/support-feature';
import { usersFeature } from '../../src/features/users/users-feature';
import { walletFeature } from '../../src/features/wallet/wallet-feature';
import { reportsFeature } from '../../src/features/reports/reports-feature';

/** What fastify-plugin records on a plugin, which Fastify reads at registration. */
interface PluginMeta {
  name?: string;
  dependencies?: string[];
}
const metaOf = (plugin: object): PluginMeta =>
  (plugin as Record<symbol, PluginMeta | undefined>)[Symbol.for('plugin-meta')] ?? {};

/** Each feature folder's plugin, by the folder's name (decision 035). */
const features = {
  auth: authFeature,
  banners: bannersFeature,
  bonus: bonusFeature,
  chat: chatFeature,
  content: contentFeature,
  dev: devFeature,
  'game-sessions': gameSessionsFeature,
  games: gamesFeature,
  health: healthFeature,
  housekeeping: housekeepingFeature,
  identity: identityFeature,
  metrics: metricsFeature,
  payments: paymentsFeature,
  privacy: privacyFeature,
  providers: providersFeature,
  staff: staffFeature,
  reports: reportsFeature,
  'responsible-gaming': responsibleGamingFeature,
  support: supportFeature,
  users: usersFeature,
  wallet: walletFeature,
};

const featuresDir = fileURLToPath(new URL('../../src/features/', import.meta.url));

describe('feature plugins', () => {
  it('are all listed here: every folder with a <name>-feature.ts (issue 27: bonus was left out)', () => {
    const folders = readdirSync(featuresDir).filter((name) =>
      existsSync(`${featuresDir}${name}/${name}-feature.ts`),
    );
    expect(Object.keys(features).sort()).toEqual(folders.sort());
  });

  it('are named for their folder and declare the features they need', () => {
    const declared = Object.fromEntries(
      Object.entries(features).map(([folder, plugin]) => {
        const meta = metaOf(plugin);
        expect(meta.name, folder).toBe(folder);
        return [folder, meta.dependencies ?? []];
      }),
    );
    expect(declared).toEqual({
      auth: [],
      banners: [],
      bonus: ['auth', 'wallet', 'responsible-gaming'],
      chat: ['auth', 'responsible-gaming'],
      content: [],
      dev: [],
      'game-sessions': [],
      games: ['providers', 'game-sessions'],
      health: [],
      housekeeping: [],
      identity: ['auth'],
      metrics: [],
      payments: ['auth', 'wallet', 'identity', 'bonus', 'responsible-gaming'],
      privacy: ['auth', 'users', 'wallet', 'identity'],
      providers: ['wallet', 'game-sessions'],
      staff: [
        'auth',
        'wallet',
        'identity',
        'bonus',
        'payments',
        'chat',
        'support',
        'reports',
        'responsible-gaming',
        'games',
        'content',
        'banners',
      ],
      reports: [],
      'responsible-gaming': ['auth', 'wallet', 'game-sessions'],
      support: ['auth', 'chat'],
      users: ['auth'],
      wallet: ['auth'],
    });
  });

  it('share their decorators with the whole app (not encapsulated)', async () => {
    const app = Fastify();
    await app.register(housekeepingFeature, {
      db: {} as never,
      clock: { now: () => new Date(0) },
      logger: app.log,
    });
    expect(app.hasDecorator('housekeeping')).toBe(true);
    await app.close();
  });

  it('are refused by Fastify when registered before a feature they depend on', async () => {
    const app = Fastify();
    // The dependency is checked before the plugin runs, so its options never matter here.
    await expect(app.register(walletFeature, {} as never)).rejects.toThrow(
      "The dependency 'auth' of plugin 'wallet' is not registered",
    );
    await app.close().catch(() => undefined);
  });
});

import { gameCategories } from '@casino/contracts';
import { afterAll, beforeAll, expect } from 'vitest';
import {
  inProcessTransport,
  type HttpTransport,
  type OutgoingRequest,
} from '../../src/lib/http-transport';
import {
  ProviderError,
  type CatalogEntry,
  type LaunchRequest,
} from '../../src/features/providers/provider-adapter';
import type { ProviderSettings } from '../../src/features/providers/provider-settings';
import { buildTestApp, type TestApp } from '../helpers/test-app';

/**
 * The simulated studios of a test app, reached in process: the adapters' tests call them
 * through `s.transport`, which keeps every request in `s.sent`. Filled before the file's tests.
 */
export function adaptersUnderTest() {
  const s = { sent: [] as OutgoingRequest[] } as {
    t: TestApp;
    settings: ProviderSettings;
    transport: HttpTransport;
    sent: OutgoingRequest[];
  };
  beforeAll(async () => {
    s.t = await buildTestApp();
    s.settings = s.t.app.gameCatalog.settings;
    const inProcess = inProcessTransport(s.t.app, s.settings.studiosApiUrl);
    s.transport = (request) => {
      s.sent.push(request);
      return inProcess(request);
    };
  });
  afterAll(async () => {
    await s.t.close();
  });
  return s;
}

export const launch = (
  overrides: Partial<LaunchRequest> & { providerGameId: string },
): LaunchRequest => ({
  demoUrl: null,
  mode: 'demo',
  currency: 'USD',
  language: 'ru',
  lobbyUrl: 'http://localhost:3000/lobby',
  ...overrides,
});

export async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

export function expectWellMapped(
  list: CatalogEntry[],
  idPattern: RegExp,
  // Without PUBLIC_URL: same-origin paths, right at any address of the site (issue 25).
  imagePattern = /^\/studios\/\w+\/art\/v2\/[\w-]+\.svg$/,
): void {
  const ids = new Set(list.map((g) => g.providerGameId));
  expect(ids.size).toBe(list.length);
  for (const game of list) {
    expect(game.providerGameId).toMatch(idPattern);
    expect(game.name.length).toBeGreaterThan(0);
    expect(game.image).toMatch(imagePattern);
    expect(gameCategories).toContain(game.category);
    expect(game.popularity).toBeGreaterThanOrEqual(0);
    expect(game.popularity).toBeLessThanOrEqual(100);
    expect(game.releasedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(game.demo).toBe(game.demoUrl !== null);
    expect(game.real).toBe(true);
  }
  expect(list.some((g) => g.isNew)).toBe(true);
  expect(list.some((g) => g.isTop)).toBe(true);
  // Russian editions arrive as names.ru beside the studio's title (issue 25).
  expect(list.some((g) => /[А-Яа-яЁё]/.test(g.names?.ru ?? ''))).toBe(true);
}

import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { providersCheck, type ProvidersCheckIo } from '../../src/commands/providers-check';
import { runCommand } from '../../src/commands/run-command';
import { pragmaticHash } from '../../src/features/providers/pragmatic/signature';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const runProvidersCheckCommand = (io: ProvidersCheckIo) => runCommand(providersCheck, [], io);

/**
 * `npm run providers:check`: what an operator runs before the first real bet (docs/
 * operations.md). Here against a real running server and a stand-in for the real Pragmatic
 * Integration API, with Endorphina simulated and GB Games switched off.
 */

let provider: Server;
let providerUrl: string;
let t: TestApp;
let siteUrl: string;
const secrets = {
  ENDORPHINA_NODE_ID: 'node-check',
  ENDORPHINA_SALT: 'endo-salt-check',
  PRAGMATIC_SECURE_LOGIN: 'orbita_check',
  PRAGMATIC_SECRET_KEY: 'pp-secret-check',
  GBGAMES_SECRET: 'gb-secret-check',
};

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    }),
  );
}

beforeAll(async () => {
  provider = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const params = Object.fromEntries(new URLSearchParams(body));
      const ok = params['hash'] === pragmaticHash(params, secrets.PRAGMATIC_SECRET_KEY);
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify(
          ok
            ? { error: '0', gameList: [{ gameID: 'vs20olympgate', gameName: 'Gates of Olympus' }] }
            : { error: '5', description: 'Invalid hash' },
        ),
      );
    });
  });
  providerUrl = `http://127.0.0.1:${await listen(provider)}/IntegrationService/v3/http/CasinoGameAPI`;
  t = await buildTestApp({
    env: {
      ...secrets,
      GBGAMES_MODE: 'off',
      PRAGMATIC_MODE: 'external',
      PRAGMATIC_API_URL: providerUrl,
    },
  });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  siteUrl = address;
});

afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => provider.close(() => resolve()));
});

async function check(env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runProvidersCheckCommand({
    env: { NODE_ENV: 'test', PUBLIC_URL: siteUrl, DATA_DIR: t.config.dataDir, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

const setUp = () => ({
  ...secrets,
  GBGAMES_MODE: 'off',
  PRAGMATIC_MODE: 'external',
  PRAGMATIC_API_URL: providerUrl,
});

describe('npm run providers:check', () => {
  it('passes a correct set-up and prints the callback URLs to give each provider', async () => {
    const { code, out } = await check(setUp());
    expect(out).toEqual([
      'endorphina (simulated)',
      expect.stringMatching(
        /^ {2}callbacks: OK at http:\/\/127\.0\.0\.1:\d+\/api\/endo-game\/wallet\/check /,
      ),
      'pragmatic (external)',
      `  wallet callback URL to give the provider: ${siteUrl}/api/pragmatic/wallet/{method}.html`,
      '  catalog: 1 games — the provider accepts our credentials and signature',
      `  callbacks: OK at ${siteUrl}/api/pragmatic/wallet/balance.html (a signed probe for an unknown player got error 2)`,
      'gbgames (off)',
      `  wallet callback URL to give the provider: ${siteUrl}/api/game/BetResult_url`,
      `  callbacks: OK at ${siteUrl}/api/game/BetResult_url (a signed probe with an unknown token got TOKEN_NOT_FOUND)`,
    ]);
    expect(code).toBe(0);
  });

  it('fails, naming the side, when our secret is not the one the provider or the server has', async () => {
    const { code, out } = await check({ ...setUp(), PRAGMATIC_SECRET_KEY: 'a-wrong-secret' });
    expect(code).toBe(1);
    expect(out).toContain('  catalog: FAILED — pragmatic: getCasinoGames: error 5 Invalid hash');
    expect(out.some((l) => l.startsWith('  callbacks: FAILED at') && l.includes('"error":5'))).toBe(
      true,
    );
  });

  it('fails when the server is not reachable at PUBLIC_URL', async () => {
    const { code, out } = await check({ ...setUp(), PUBLIC_URL: 'http://127.0.0.1:9' });
    expect(code).toBe(1);
    expect(out.filter((l) => l.includes('callbacks: FAILED'))).toHaveLength(3);
  });

  it('stops on a configuration that cannot take effect, like the server', async () => {
    const { code, err } = await check({ PRAGMATIC_API_URL: providerUrl });
    expect(code).toBe(1);
    expect(err.join('\n')).toContain('PRAGMATIC_API_URL: cannot take effect');
  });
});

import { randomBytes, randomUUID } from 'node:crypto';
import type { ProviderSlug } from '@casino/contracts';
import { systemClock } from '../../lib/clock';
import { endorphinaAdapter } from './endorphina/adapter';
import { endorphinaSign } from './endorphina/signature';
import { endorphinaWalletPrefix } from './endorphina/wallet-routes';
import { gbgamesAdapter } from './gbgames/adapter';
import { gbSignature, gbSignatureHeader } from './gbgames/signature';
import { gbWalletPath } from './gbgames/wallet-routes';
import type { HttpTransport } from '../../lib/http-transport';
import { pragmaticAdapter } from './pragmatic/adapter';
import { pragmaticHash } from './pragmatic/signature';
import { pragmaticWalletPrefix } from './pragmatic/wallet-routes';
import type { ProviderAdapter } from './provider-adapter';
import { resolveProviderSettings, type ProviderSettings } from './provider-settings';
import type { Config } from '../../config';

/** Where each provider's wallet calls must be sent: what the operator gives the provider. */
export function callbackUrlsOf(siteUrl: string): Record<ProviderSlug, string> {
  return {
    endorphina: `${siteUrl}${endorphinaWalletPrefix}/{session,balance,bet,win,refund,promoWin,endSession,check}`,
    pragmatic: `${siteUrl}${pragmaticWalletPrefix}/{method}.html`,
    gbgames: `${siteUrl}${gbWalletPath}`,
  };
}

interface Check {
  ok: boolean;
  line: string;
}

/** The provider's own API with our credentials: a refusal means a wrong login or secret. */
async function checkCatalog(adapter: ProviderAdapter): Promise<Check> {
  try {
    const games = await adapter.fetchCatalog();
    return {
      ok: games.length > 0,
      line: `catalog: ${games.length} games — the provider accepts our credentials and signature`,
    };
  } catch (error) {
    return { ok: false, line: `catalog: FAILED — ${(error as Error).message}` };
  }
}

/**
 * A signed call that moves no money, sent to our own running server at the URL the provider
 * will use: proves the route is reachable there and that the server checks signatures with
 * the same secret as this configuration. A refusal for the signature means they differ.
 */
async function probeCallbacks(
  provider: ProviderSlug,
  settings: ProviderSettings,
  transport: HttpTransport,
): Promise<Check> {
  const site = settings.siteUrl;
  try {
    switch (provider) {
      case 'endorphina': {
        const param = randomBytes(8).toString('hex');
        const url = `${site}${endorphinaWalletPrefix}/check?${new URLSearchParams({
          param,
          sign: endorphinaSign({ param }, settings.endorphina.salt),
        }).toString()}`;
        const answer = await transport({ method: 'GET', url, headers: {}, timeoutMs: 10_000 });
        const body = JSON.parse(answer.text) as { param?: string; nodeId?: string };
        const ok = answer.status === 200 && body.param === param;
        return {
          ok,
          line: ok
            ? `callbacks: OK at ${url.split('?')[0]} (check answered for node ${body.nodeId})`
            : `callbacks: FAILED at ${url.split('?')[0]} — HTTP ${answer.status} ${answer.text.slice(0, 120)}`,
        };
      }
      case 'pragmatic': {
        const params = { providerId: 'PragmaticPlay', userId: randomUUID() };
        const url = `${site}${pragmaticWalletPrefix}/balance.html`;
        const answer = await transport({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            ...params,
            hash: pragmaticHash(params, settings.pragmatic.secretKey),
          }).toString(),
          timeoutMs: 10_000,
        });
        const body = JSON.parse(answer.text) as { error?: number };
        // 2: player not found — the hash was accepted; 5: it was not.
        const ok = answer.status === 200 && body.error === 2;
        return {
          ok,
          line: ok
            ? `callbacks: OK at ${url} (a signed probe for an unknown player got error 2)`
            : `callbacks: FAILED at ${url} — HTTP ${answer.status} ${answer.text.slice(0, 120)}`,
        };
      }
      case 'gbgames': {
        const body = JSON.stringify({
          type: 'balance',
          token: `probe-${randomBytes(8).toString('hex')}`,
          playerId: 'probe',
          gameId: 'probe',
          currency: 'USD',
          timestamp: systemClock.now().toISOString(),
        });
        const url = `${site}${gbWalletPath}`;
        const answer = await transport({
          method: 'POST',
          url,
          headers: {
            'content-type': 'application/json',
            [gbSignatureHeader]: gbSignature(body, settings.gbgames.secret),
          },
          body,
          timeoutMs: 10_000,
        });
        // TOKEN_NOT_FOUND: the signature was accepted and the (made-up) token looked up.
        const ok = answer.status === 404 && answer.text.includes('TOKEN_NOT_FOUND');
        return {
          ok,
          line: ok
            ? `callbacks: OK at ${url} (a signed probe with an unknown token got TOKEN_NOT_FOUND)`
            : `callbacks: FAILED at ${url} — HTTP ${answer.status} ${answer.text.slice(0, 120)}`,
        };
      }
    }
  } catch (error) {
    return { ok: false, line: `callbacks: FAILED — ${(error as Error).message}` };
  }
}

/**
 * Each provider's set-up before the first real bet (`npm run providers:check`), with the
 * server's own configuration and the server running at PUBLIC_URL. For every provider: its
 * mode and the callback URL to give it; for an external one, a catalog call with our
 * credentials; for one with a secret, a signed probe of our own callbacks at PUBLIC_URL.
 * Moves no money and writes nothing. True when every check passed (docs/operations.md).
 */
export async function checkProviderSetup(
  config: Config,
  transport: HttpTransport,
  out: (line: string) => void,
): Promise<boolean> {
  const settings = resolveProviderSettings(config);
  const adapters: Record<ProviderSlug, ProviderAdapter> = {
    endorphina: endorphinaAdapter(settings.endorphina, transport),
    pragmatic: pragmaticAdapter(settings.pragmatic, transport),
    gbgames: gbgamesAdapter(settings.gbgames, transport, systemClock),
  };
  const secrets: Record<ProviderSlug, string> = {
    endorphina: settings.endorphina.salt,
    pragmatic: settings.pragmatic.secretKey,
    gbgames: settings.gbgames.secret,
  };
  const urls = callbackUrlsOf(settings.siteUrl);
  let allOk = true;
  for (const provider of ['endorphina', 'pragmatic', 'gbgames'] as const) {
    const mode = settings.modes[provider];
    out(`${provider} (${mode})`);
    if (mode !== 'simulated') out(`  wallet callback URL to give the provider: ${urls[provider]}`);
    const checks: Check[] = [];
    if (mode === 'external') checks.push(await checkCatalog(adapters[provider]));
    if (secrets[provider]) checks.push(await probeCallbacks(provider, settings, transport));
    else if (mode === 'off') out('  no secret: every callback is refused');
    for (const check of checks) {
      out(`  ${check.line}`);
      allOk &&= check.ok;
    }
  }
  return allOk;
}

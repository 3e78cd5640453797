import { ESLint, type Linter } from 'eslint';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * Issue 27: every server feature is reached through its public entry (features/<name>/index.ts),
 * as the web app's features are (decision 034). The repository's ESLint config states the rule
 * per folder depth; a snippet is linted here as if it were the given file, with the two import
 * rules that config computes for that path.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const boundaryRules = ['no-restricted-imports', 'no-restricted-syntax'] as const;

async function problems(file: string, code: string): Promise<string[]> {
  const filePath = `${root}apps/server/src/${file}`;
  const config = (await new ESLint({ cwd: root }).calculateConfigForFile(filePath)) as {
    rules: Partial<Record<string, Linter.RuleEntry>>;
  };
  const rules = Object.fromEntries(boundaryRules.map((rule) => [rule, config.rules[rule]]));
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, rules }],
  });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const insides = /Another server feature's insides/;

describe('server feature entry points (decision 035)', { timeout: 30_000 }, () => {
  it("reports a feature reaching into another feature's files, at any depth", async () => {
    // chat once imported findUserId from the wallet's command-line module.
    expect(
      await problems(
        'features/chat/chat-operator-routes.ts',
        "import { findUserId } from '../wallet/commands/adjust-command';",
      ),
    ).toEqual([expect.stringMatching(insides)]);
    expect(
      await problems(
        'features/users/settings-service.ts',
        "import { createAccountRepository } from '../auth/account-repository';",
      ),
    ).toEqual([expect.stringMatching(insides)]);
    expect(
      await problems(
        'features/providers/pragmatic/wallet-routes.ts',
        "import type { Ledger } from '../../wallet/ledger';",
      ),
    ).toEqual([expect.stringMatching(insides)]);
    expect(
      await problems('features/games/x.ts', "const m = await import('../wallet/ledger');"),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: import\(\): Another server/)]);
  });

  it("allows another feature's entry and the feature's own files", async () => {
    const code = [
      "import { createLedger } from '../wallet';",
      "import type { Ledger } from '../wallet/index';",
      "import { catalogRoutes } from './catalog-routes';",
      "import { money } from '../../lib/money';",
    ].join('\n');
    expect(await problems('features/games/games-feature.ts', code)).toEqual([]);
    expect(
      await problems(
        'features/providers/pragmatic/wallet-routes.ts',
        "import { createLedger } from '../../wallet';\nimport { x } from '../adapter';",
      ),
    ).toEqual([]);
  });

  it('reports the app shell reaching into a feature', async () => {
    expect(
      await problems('app.ts', "import { walletFeature } from './features/wallet/wallet-feature';"),
    ).toEqual([expect.stringMatching(insides)]);
    expect(await problems('app.ts', "import { walletFeature } from './features/wallet';")).toEqual(
      [],
    );
    expect(
      await problems(
        'http/errors.ts',
        "import { WalletError } from '../features/wallet/wallet-errors';",
      ),
    ).toEqual([expect.stringMatching(insides)]);
  });

  it('lets config.ts take only configuration schemas, which import nothing back', async () => {
    expect(
      await problems(
        'config.ts',
        "import { providerConfigSchema } from './features/providers/provider-config';",
      ),
    ).toEqual([]);
    expect(
      await problems('config.ts', "import { createLedger } from './features/wallet/ledger';"),
    ).toEqual([expect.stringMatching(/configuration schema/)]);
  });
});

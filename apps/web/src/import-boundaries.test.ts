import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/*
 * The web boundaries of decision 034, as the repository's ESLint config states them for each
 * folder: a snippet is linted as if it were the given file, with the two import rules that
 * config computes for that path (the type-aware rest of the config needs files on disk).
 */
// The repository's root, from this file's address (jsdom's URL does not resolve file: paths).
const root = decodeURIComponent(import.meta.url.replace(/^file:\/\//, '')).replace(
  /apps\/web\/src\/import-boundaries\.test\.ts$/,
  '',
);
const boundaryRules = ['no-restricted-imports', 'no-restricted-syntax'] as const;

async function problems(file: string, code: string): Promise<string[]> {
  const filePath = `${root}apps/web/src/${file}`;
  const config = (await new ESLint({ cwd: root }).calculateConfigForFile(filePath)) as {
    rules: Partial<Record<string, Linter.RuleEntry>>;
  };
  const rules = Object.fromEntries(boundaryRules.map((rule) => [rule, config.rules[rule]]));
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, rules },
    ],
  });
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const insides = /Another feature's insides/;

describe('web import boundaries (decision 034)', { timeout: 30_000 }, () => {
  it("reports a feature reaching into another feature's insides, at any depth", async () => {
    const [deep] = await problems(
      'features/games/components/tile.tsx',
      "import { useAuthStore } from '../../auth/auth-store';",
    );
    expect(deep).toMatch(/^no-restricted-imports: '\.\.\/\.\.\/auth\/auth-store'/);
    expect(deep).toMatch(insides);
    expect(
      await problems('features/games/viewer.ts', "import { useMe } from '../auth/api/get-me';"),
    ).toEqual([expect.stringMatching(insides)]);
    expect(
      await problems('features/games/api/x.ts', "const m = import('../../auth/auth-store');"),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: import\(\): Another feature's/)]);
  });

  it("allows the other feature's public entry and the feature's own modules", async () => {
    const code = [
      "import { useAuthStore } from '../../auth';",
      "import { useSearchStore } from '../search-store';",
      "import { GameList } from '../components/game-list';",
      "import { Page } from '../../../shared/ui/page/page';",
    ].join('\n');
    expect(await problems('features/games/pages/casino-page.tsx', code)).toEqual([]);
  });

  it('reports a feature importing the shell; its tests may render the shell', async () => {
    const code = "import { routes } from '../../../app/router';";
    expect(await problems('features/games/pages/provider-page.tsx', code)).toEqual([
      expect.stringMatching(/app\/ is the shell above the features/),
    ]);
    expect(await problems('features/games/pages/provider-page.test.tsx', code)).toEqual([]);
    expect(
      await problems(
        'features/games/pages/provider-page.test.tsx',
        "import { useAuthStore } from '../../auth/auth-store';",
      ),
    ).toEqual([expect.stringMatching(insides)]);
  });

  it('reports shared/ importing a feature or the shell', async () => {
    const code = [
      "import { useAuthStore } from '../../features/auth';",
      "import { routes } from '../../../app/router';",
    ].join('\n');
    expect(await problems('shared/ui/modal/x.tsx', code)).toEqual([
      expect.stringMatching(/shared\/ is below the features/),
      expect.stringMatching(/app\/ is the shell above the features/),
    ]);
  });

  it('lets the shell use entries statically and pages only through import()', async () => {
    const allowed = [
      "import { RequireAuth } from '../features/auth';",
      "const page = import('../features/games/pages/home-page');",
    ].join('\n');
    expect(await problems('app/router.tsx', allowed)).toEqual([]);
    const forbidden = [
      "import { HomePage } from '../features/games/pages/home-page';",
      "import { useAuthStore } from '../../features/auth/auth-store';",
    ].join('\n');
    expect(await problems('app/layout/sidebar.tsx', forbidden)).toHaveLength(2);
    expect(
      await problems('main.tsx', "const s = import('./features/auth/session/tokens');"),
    ).toEqual([expect.stringMatching(/^no-restricted-syntax: import\(\): the shell loads a page/)]);
  });
});

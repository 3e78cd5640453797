import { basename, join } from 'node:path';
import { test, type Locator, type Page } from '@playwright/test';

/**
 * Pictures for a person to look at (issue 27): nothing compares them, so they are no test.
 * `npm run pictures` names a folder in E2E_PICTURES and runs the tests tagged @pictures
 * (playwright.config.ts leaves those out otherwise) with the pictures the other tests take
 * on the way; without it, `picture()` takes none and costs nothing.
 */
export const picturesFolder = process.env.E2E_PICTURES ?? '';

/** The tag of a test that only takes pictures: left out of `npm test`. */
export const picturesTag = '@pictures';

type Clip = { x: number; y: number; width: number; height: number };

/** Writes `<spec>-<name>.png` into E2E_PICTURES; nothing when it is unset. */
export async function picture(
  target: Page | Locator,
  name: string,
  options: { fullPage?: boolean; clip?: Clip } = {},
): Promise<void> {
  if (!picturesFolder) return;
  const spec = basename(test.info().file).replace(/\.spec\.ts$/, '');
  const path = join(picturesFolder, `${spec}-${name}.png`);
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}

import { expect, test, type Browser } from '@playwright/test';
import { screens, type Screen } from './support/screens';

/**
 * Issue 16: nothing moves while a page loads (CLS ≤ 0.02 on every route, phone and desktop),
 * and the wide sidebar holds all its items at 1440 × 900 in both languages.
 */

/** The route table's public pages (packages/contracts web-routes.ts), one sample each. */
const paths = [
  '/',
  '/endorphina',
  '/gbgames',
  '/pragmatic',
  '/casino',
  '/other',
  '/search',
  '/premium',
  '/faq',
  '/privacy',
  '/terms',
  '/loyalty',
  '/no-such-page',
];

async function newPage(browser: Browser, screen: Screen, language: string) {
  const context = await browser.newContext({
    ...screen.options,
  });
  await context.addInitScript((lang) => {
    window.localStorage.setItem('lang', lang);
    // Every shift of the load, as CLS counts them (not those right after an input).
    const shifts: number[] = [];
    (window as unknown as { shifts: number[] }).shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  }, language);
  return { context, page: await context.newPage() };
}

test.describe('layout stability', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const screen of screens) {
    test(`no page moves while it loads (${screen.name})`, async ({ browser, baseURL }) => {
      const { context, page } = await newPage(browser, screen, 'ru');
      const scores: Record<string, number> = {};
      try {
        await page.goto(`${baseURL}/`);
        // Without the entry type the sums below would be 0 whatever moved.
        expect(
          await page.evaluate(() =>
            PerformanceObserver.supportedEntryTypes.includes('layout-shift'),
          ),
        ).toBe(true);
        for (const path of paths) {
          await page.goto(`${baseURL}${path}`, { waitUntil: 'networkidle' });
          // The web font comes after the first screen (app/load-fonts.ts, at the latest 5 s
          // after load): its swap is part of the load.
          await page
            .waitForFunction(
              () =>
                [...document.fonts].some(
                  (font) => font.family.includes('Inter Variable') && font.status === 'loaded',
                ),
              undefined,
              { timeout: 8000 },
            )
            .catch(() => undefined);
          await page.waitForTimeout(300);
          scores[path] = await page.evaluate(() =>
            (window as unknown as { shifts: number[] }).shifts.reduce((sum, v) => sum + v, 0),
          );
        }
      } finally {
        await context.close();
      }
      for (const [path, score] of Object.entries(scores)) {
        expect(score, `${screen.name} ${path}: ${JSON.stringify(scores)}`).toBeLessThanOrEqual(
          0.02,
        );
      }
    });
  }

  for (const language of ['en', 'ru']) {
    test(`the wide sidebar holds every item at 1440 × 900 (${language})`, async ({
      browser,
      baseURL,
    }) => {
      const desktop = screens[1];
      const { context, page } = await newPage(browser, desktop, language);
      try {
        await page.goto(`${baseURL}/casino`, { waitUntil: 'networkidle' });
        const sidebar = page.getByTestId('sidebar');
        await expect(sidebar.getByRole('link', { name: 'Pragmatic' })).toBeVisible();
        const layout = await sidebar.evaluate((element) => {
          // A scrolling box whose content is taller than it.
          const scrolls = [element, ...element.querySelectorAll('*')].filter(
            (node) =>
              /auto|scroll/.test(getComputedStyle(node).overflowY) &&
              node.scrollHeight > node.clientHeight + 1,
          );
          const controls = [...element.querySelectorAll('a, button, select')].map((node) => {
            const box = node.getBoundingClientRect();
            return {
              name: node.textContent?.trim() ?? '',
              bottom: box.bottom,
              clipped: node.scrollWidth > node.clientWidth + 1,
            };
          });
          return { scrolls: scrolls.length, height: window.innerHeight, controls };
        });
        // Nothing scrolls inside it, and every link and button is on screen, uncut.
        expect(layout.scrolls).toBe(0);
        for (const control of layout.controls) {
          expect(control.bottom, control.name).toBeLessThanOrEqual(layout.height);
          expect(control.clipped, control.name).toBe(false);
        }
        expect(layout.controls.length).toBeGreaterThan(10);
      } finally {
        await context.close();
      }
    });
  }
});

import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, ElementContext, RunOptions } from 'axe-core';

/**
 * axe over the players' pages (issue 16), one helper for every spec that scans: WCAG 2.0, 2.1
 * and 2.2 at levels A and AA, plus the check that a control's name holds its visible text
 * (WCAG 2.5.3), which axe counts as experimental. A serious or critical finding fails a test.
 *
 * axe-core as @axe-core/playwright ships it (its own dependency, so the same version). That
 * package's AxeBuilder evaluates the 0.5 MB script twice per scan and ends each scan in a new
 * blank page, about a second and a half a scan; here the script is evaluated once per
 * document and axe.run scans in the page itself: the same rules, options and results
 * (decisions 105, 106).
 */
const tags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const axeSource = (
  createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'))('axe-core') as {
    source: string;
  }
).source;

export interface AxeFinding {
  rule: string;
  impact: string;
  targets: string[];
  summary: string;
}

/**
 * Lets the page's finite animations finish: a dialog's backdrop blends the colours behind it
 * while it fades in, and axe would measure the contrast of a frame no one reads.
 */
export async function finishAnimations(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Evaluates axe-core in the page unless this document has it already; `configure` (axe's own
 * options) is applied once, with it. The players' and the back office's scans share this.
 */
export async function loadAxe(page: Page, configure?: Record<string, unknown>): Promise<void> {
  const hasAxe = () => typeof (window as { axe?: unknown }).axe === 'object';
  if (await page.evaluate(hasAxe)) return;
  await page.evaluate(axeSource);
  if (configure) {
    await page.evaluate(
      (options) =>
        (window as unknown as { axe: { configure(o: unknown): void } }).axe.configure(options),
      configure,
    );
  }
}

/** axe's serious and critical findings on the page as it is now (animations finished). */
export async function seriousFindings(page: Page): Promise<AxeFinding[]> {
  await finishAnimations(page);
  await loadAxe(page);
  const context = {
    // The game inside the Play page's frame is the studio's own page, not ours: a real studio
    // ships it, outside this app.
    exclude: ['iframe'],
  } satisfies ElementContext;
  const options = {
    // Only what fails: collecting the passes too doubles the time of a scan.
    resultTypes: ['violations'],
    runOnly: { type: 'tag', values: tags },
    rules: { 'label-content-name-mismatch': { enabled: true } },
  } satisfies RunOptions;
  // Typed after the call: AxeResults through Playwright's serialisable types is too deep for tsc.
  const results = (await page.evaluate(
    ({ c, o }) =>
      (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<unknown> } }).axe.run(
        c,
        o,
      ),
    { c: context, o: options },
  )) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
      summary: violation.nodes[0]?.failureSummary?.split('\n').slice(0, 2).join(' ') ?? '',
    }));
}

/** One line per finding, for an assertion's message. */
export function describeFindings(findings: AxeFinding[]): string[] {
  return findings.map((finding) => `${finding.rule}: ${finding.targets.join(', ')}`);
}

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
 * axe's serious and critical findings on the page as it is now. Finite animations are let
 * finish first: a dialog's backdrop blends the colours behind it while it fades in, and axe
 * would measure the contrast of a frame no one reads.
 */
export async function seriousFindings(page: Page): Promise<AxeFinding[]> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const hasAxe = () => typeof (window as { axe?: unknown }).axe === 'object';
  if (!(await page.evaluate(hasAxe))) await page.evaluate(axeSource);
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

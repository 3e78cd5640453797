// Lighthouse bench: the lobby as a player on a mid-range phone meets it (issue 16).
//
//   npm run bench -w apps/web                     build, size bench, then this
//   node apps/web/bench/lighthouse-bench.mjs      build the web app, then measure
//     --reuse       measure the existing dist/ (no build)
//     --runs=N      runs per page (default 3; the median of each figure is reported)
//     --pages=/,/casino   the pages to measure (default: /, /casino, /pragmatic)
//
// Lighthouse's defaults: the mobile form factor with simulated throttling (a mid-range phone
// on a slow 4G link), driving the system Chromium through chrome-launcher, against the
// production server (brotli, cache headers and all) on a temporary data folder. Prints each
// page's median figures beside the budgets and exits with 1 when one is missed.
import lighthouse from 'lighthouse';
import { ensureBuilt, launchChrome, startServer } from './support.mjs';

const args = process.argv.slice(2);
const reuse = args.includes('--reuse');
const runs = Number(args.find((arg) => arg.startsWith('--runs='))?.slice(7) ?? 3);
const pages = args
  .find((arg) => arg.startsWith('--pages='))
  ?.slice(8)
  .split(',') ?? ['/', '/casino', '/pragmatic'];

/** Budgets of issue 16. `min`: the figure must be at least; otherwise at most. */
const budgets = [
  { key: 'performance', label: 'performance', limit: 95, min: true, format: String },
  { key: 'cls', label: 'CLS', limit: 0.02, format: (v) => v.toFixed(3) },
  { key: 'lcp', label: 'LCP', limit: 2000, format: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: 'fcp', label: 'FCP', limit: null, format: (v) => `${(v / 1000).toFixed(2)} s` },
  { key: 'accessibility', label: 'accessibility', limit: 100, min: true, format: String },
  { key: 'bestPractices', label: 'best practices', limit: 100, min: true, format: String },
  { key: 'seo', label: 'SEO', limit: 100, min: true, format: String },
  {
    key: 'jsKb',
    label: 'JS KB compressed',
    limit: 120,
    homeOnly: true,
    format: (v) => v.toFixed(1),
  },
];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    jsKb: jsBytes / 1024,
  };
}

/** What cost points, so a missed budget says where to look. */
function failingAudits(lhr) {
  const found = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (
        ref.weight > 0 &&
        audit.score !== null &&
        audit.score < 1 &&
        category.id !== 'performance'
      )
        found.push(`${category.id}: ${ref.id}`);
    }
  }
  return found;
}

async function main() {
  ensureBuilt(reuse);
  const { baseUrl, stop } = await startServer();
  const chrome = await launchChrome();
  const results = [];
  try {
    // One unmeasured load warms the server (first queries, compression of each file).
    await lighthouse(`${baseUrl}/`, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    for (const path of pages) {
      const runsOfPage = [];
      const problems = new Set();
      for (let run = 0; run < runs; run += 1) {
        let result;
        // Now and then Chromium's trace of a load lacks its start (NO_NAVSTART): Lighthouse
        // then measures nothing, and the run is repeated, at most twice.
        for (let attempt = 0; attempt < 3; attempt += 1) {
          result = await lighthouse(`${baseUrl}${path}`, {
            port: chrome.port,
            logLevel: 'error',
            output: 'json',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          });
          if (result?.lhr.runtimeError?.code !== 'NO_NAVSTART') break;
          process.stdout.write(`  ${path} run ${run + 1}/${runs}: no trace start, repeated\n`);
        }
        if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
        runsOfPage.push(figures(result.lhr));
        for (const problem of failingAudits(result.lhr)) problems.add(problem);
        process.stdout.write(
          `  ${path} run ${run + 1}/${runs}: performance ${runsOfPage.at(-1).performance}, LCP ${(runsOfPage.at(-1).lcp / 1000).toFixed(2)} s\n`,
        );
      }
      const medians = Object.fromEntries(
        Object.keys(runsOfPage[0]).map((key) => [key, median(runsOfPage.map((r) => r[key]))]),
      );
      results.push({ path, medians, problems: [...problems] });
    }
  } finally {
    await chrome.kill();
    stop();
  }

  let ok = true;
  console.log(`\nLighthouse (mobile, simulated throttling, median of ${runs} runs)`);
  const header = ['page', ...budgets.map((b) => b.label)];
  const rows = [header];
  for (const { path, medians } of results) {
    rows.push([
      path,
      ...budgets.map((budget) => {
        if (budget.homeOnly && path !== '/') return '';
        const value = medians[budget.key];
        if (budget.limit === null) return budget.format(value);
        const pass = budget.min ? value >= budget.limit : value <= budget.limit;
        if (!pass) ok = false;
        return `${budget.format(value)} ${pass ? 'ok' : 'FAIL'}`;
      }),
    ]);
  }
  rows.push([
    'budget',
    ...budgets.map((b) =>
      b.limit === null ? '' : `${b.min ? '≥' : '≤'} ${b.key === 'lcp' ? '2.0 s' : b.limit}`,
    ),
  ]);
  const widths = header.map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  for (const row of rows) console.log(row.map((cell, i) => cell.padEnd(widths[i])).join('  '));
  for (const { path, problems } of results) {
    if (problems.length > 0) console.log(`\n${path} lost points on: ${problems.join(', ')}`);
  }
  console.log(ok ? '\nAll Lighthouse budgets met.' : '\nA Lighthouse budget was missed.');
  process.exitCode = ok ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});

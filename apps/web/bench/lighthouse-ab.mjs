// Lighthouse A/B: two builds (each a web dist/ and a server bundle) served side by side,
// measured in turns on the same pages under the same load (decision 057). The machine is
// shared; only figures taken in alternation compare.
//
//   node apps/web/bench/lighthouse-ab.mjs A=/path/web-dist:/path/server.js B=… [--runs=3]
//     [--pages=/,/casino,/pragmatic] [--save=/tmp/dir]   (one lhr JSON per run when --save)
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { launchChrome, startServer } from './support.mjs';

const args = process.argv.slice(2);
const variants = args
  .filter((arg) => /^\w+=/.test(arg))
  .map((arg) => {
    const [label, paths] = arg.split('=');
    const [dist, server] = paths.split(':');
    return { label, dist, server };
  });
const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
const pages = args
  .find((a) => a.startsWith('--pages='))
  ?.slice(8)
  .split(',') ?? ['/', '/casino', '/pragmatic'];
const save = args.find((a) => a.startsWith('--save='))?.slice(7);
if (save) mkdirSync(save, { recursive: true });

const start = ({ dist, server }) => startServer({ entry: server, dist });

const servers = [];
for (const variant of variants) servers.push({ ...variant, ...(await start(variant)) });
const chrome = await launchChrome();
const rows = [];
try {
  for (const s of servers) {
    await lighthouse(`${s.baseUrl}/`, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
  }
  for (let run = 0; run < runs; run += 1) {
    for (const path of pages) {
      for (const s of servers) {
        const load = loadavg()[0].toFixed(1);
        const result = await lighthouse(`${s.baseUrl}${path}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) {
          console.log(`${s.label} ${path} run ${run + 1}: error ${lhr?.runtimeError?.code}`);
          continue;
        }
        if (save)
          writeFileSync(
            join(save, `${s.label}-${path.replace(/\//g, '_')}-${run}.json`),
            JSON.stringify(lhr),
          );
        const a = (id) => lhr.audits[id].numericValue;
        const sc = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const row = {
          label: s.label,
          path,
          run,
          load,
          perf: sc('performance'),
          lcp: a('largest-contentful-paint'),
          fcp: a('first-contentful-paint'),
          tbt: a('total-blocking-time'),
          cls: a('cumulative-layout-shift'),
          si: a('speed-index'),
          a11y: sc('accessibility'),
          bp: sc('best-practices'),
          seo: sc('seo'),
        };
        rows.push(row);
        console.log(
          `${row.label.padEnd(5)} ${path.padEnd(11)} run ${run + 1} load ${load}: perf ${row.perf} LCP ${(row.lcp / 1000).toFixed(2)} FCP ${(row.fcp / 1000).toFixed(2)} TBT ${Math.round(row.tbt)} CLS ${row.cls.toFixed(3)} SI ${(row.si / 1000).toFixed(2)} a11y ${row.a11y} bp ${row.bp} seo ${row.seo}`,
        );
      }
    }
  }
} finally {
  await chrome.kill();
  for (const s of servers) s.stop();
}
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
console.log('\nmedians');
for (const path of pages) {
  for (const s of servers) {
    const r = rows.filter((x) => x.label === s.label && x.path === path);
    if (r.length === 0) continue;
    const m = (k) => median(r.map((x) => x[k]));
    console.log(
      `${s.label.padEnd(5)} ${path.padEnd(11)} n=${r.length} perf ${m('perf')} LCP ${(m('lcp') / 1000).toFixed(2)} FCP ${(m('fcp') / 1000).toFixed(2)} TBT ${Math.round(m('tbt'))} CLS ${m('cls').toFixed(3)}`,
    );
  }
}

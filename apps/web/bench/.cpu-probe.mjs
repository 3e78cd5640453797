import { chromium } from '@playwright/test';
import { readFileSync, existsSync } from 'node:fs';
import { SourceMapConsumer } from 'source-map-js';
import { chromiumPath, startServer } from './support.mjs';
process.env.WEB_DIST_DIR = '/tmp/perf-sm';
const { baseUrl, stop } = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath() });
const maps = new Map();
function consumer(url) {
  const file = '/tmp/perf-sm' + new URL(url).pathname + '.map';
  if (!maps.has(file)) maps.set(file, existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null);
  return maps.get(file);
}
try {
  for (const p of (process.argv[2] ?? '/').split(',')) {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
    await page.goto(baseUrl + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map();
    const dt = {}; profile.samples.forEach((id, i) => { dt[id] = (dt[id] ?? 0) + (profile.timeDeltas[i] ?? 0); });
    const byFile = {}, byFn = {};
    for (const n of profile.nodes) {
      const t = (dt[n.id] ?? 0) / 1000; if (!t) continue;
      const cf = n.callFrame; let key = cf.url ? new URL(cf.url).pathname : '(' + cf.functionName + ')';
      let src = key, fn = cf.functionName;
      const c = cf.url && consumer(cf.url);
      if (c) { const o = c.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber }); if (o.source) { src = o.source.replace(/.*node_modules\//, 'nm/').replace(/.*src\//, 'src/'); fn = (o.name || fn) + ':' + o.line; } }
      const pkg = src.startsWith('nm/') ? src.split('/').slice(0, src.split('/')[1].startsWith('@') ? 3 : 2).join('/') : src;
      byFile[pkg] = (byFile[pkg] ?? 0) + t; byFn[src + ' ' + fn] = (byFn[src + ' ' + fn] ?? 0) + t;
    }
    const top = (o, n) => Object.entries(o).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `   ${v.toFixed(1).padStart(7)} ${k}`).join('\n');
    console.log(p, '\n' + top(byFile, 25), '\n --- functions\n' + top(byFn, 30));
    await page.close();
  }
} finally { await browser.close(); stop(); }

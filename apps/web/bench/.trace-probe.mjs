import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { chromiumPath, startServer } from './support.mjs';
const { baseUrl, stop } = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  for (const p of (process.argv[2] ?? '/').split(',')) {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    await page.goto(baseUrl + '/favicon.svg');
    await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'] });
    await page.goto(baseUrl + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1000);
    const buf = await browser.stopTracing();
    const trace = JSON.parse(buf.toString());
    const ev = trace.traceEvents;
    const main = ev.find((e) => e.name === 'TracingStartedInBrowser')?.args?.data?.frames?.[0]?.processId;
    const threads = new Map();
    for (const e of ev) if (e.name === 'thread_name' && e.args.name === 'CrRendererMain') threads.set(e.pid + ':' + e.tid, true);
    const by = {}; let tasks = 0, total = 0, ttot = 0;
    const t0 = ev.find((e) => e.name === 'navigationStart')?.ts ?? 0;
    const list = [];
    for (const e of ev) {
      if (!threads.has(e.pid + ':' + e.tid) || e.ph !== 'X') continue;
      if (e.name === 'RunTask' && e.dur > 5000) { tasks++; total += e.dur; ttot += e.tdur ?? 0; list.push([Math.round((e.ts - t0)/1000), Math.round(e.dur/1000), Math.round((e.tdur??0)/1000)]); }
      if (['EvaluateScript','v8.evaluateModule','FunctionCall','UpdateLayoutTree','Layout','Paint','ParseHTML','TimerFire','FireAnimationFrame','EventDispatch','v8.compileModule','MajorGC','MinorGC','RunMicrotasks','ParseAuthorStyleSheet','PrePaint','Layerize','Commit'].includes(e.name)) { by[e.name] = by[e.name] ?? [0,0,0]; by[e.name][0] += e.dur/1000; by[e.name][1] += (e.tdur??0)/1000; by[e.name][2]++; }
    }
    console.log(p, 'tasks>5ms', tasks, 'wall', Math.round(total/1000), 'thread', Math.round(ttot/1000), JSON.stringify(list));
    for (const [k, v] of Object.entries(by).sort((a,b)=>b[1][1]-a[1][1])) console.log('  ', k.padEnd(24), v.map(Math.round).join(' / '));
    writeFileSync(`/tmp/perf/trace${p.replace(/\W/g,'_')}.json`, buf);
    await page.close();
  }
} finally { await browser.close(); stop(); }

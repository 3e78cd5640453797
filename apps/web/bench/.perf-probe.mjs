import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { writeFileSync } from 'node:fs';
import { chromiumPath, startServer } from './support.mjs';
const pages = (process.argv[2] ?? '/').split(',');
const tag = process.argv[3] ?? 'x';
const runs = Number(process.argv[4] ?? 1);
const { baseUrl, stop } = await startServer();
const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: ['--headless=new','--no-sandbox','--disable-gpu','--no-first-run','--disable-background-networking','--disable-component-update','--disable-sync'] });
try {
  await lighthouse(`${baseUrl}/`, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
  for (const p of pages) for (let r = 0; r < runs; r++) {
    const res = await lighthouse(`${baseUrl}${p}`, { port: chrome.port, logLevel: 'error', output: 'json', onlyCategories: ['performance'] });
    const name = `/tmp/perf/${tag}-${p.replace(/\W/g,'_')}-${r}.json`;
    writeFileSync(name, res.report);
    const a = res.lhr.audits;
    const js = (a['network-requests'].details.items).filter(i=>i.resourceType==='Script').reduce((s,i)=>s+i.transferSize,0)/1024;
    console.log(p, r, 'perf', Math.round(res.lhr.categories.performance.score*100), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'SI', Math.round(a['speed-index'].numericValue), 'CLS', a['cumulative-layout-shift'].numericValue.toFixed(3), 'JS', js.toFixed(1));
  }
} finally { await chrome.kill(); stop(); }

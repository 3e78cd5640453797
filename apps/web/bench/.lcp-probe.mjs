import { chromium } from '@playwright/test';
import { chromiumPath, startServer } from './support.mjs';
const { baseUrl, stop } = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  for (const [w,h] of [[412,823]]) for (const p of (process.argv[2]??'/,/casino,/pragmatic').split(',')) {
    const page = await browser.newPage({ viewport: { width: w, height: h }, deviceScaleFactor: 1.75 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.addInitScript(() => { window.__lcp = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp.push({ t: Math.round(e.startTime), size: e.size, url: e.url, el: e.element ? e.element.tagName + '.' + e.element.className + ' ' + (e.element.textContent||'').slice(0,40) : null }); }).observe({ type: 'largest-contentful-paint', buffered: true }); });
    await page.goto(baseUrl + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500); await page.mouse.move(1,1);
    console.log(w, p, JSON.stringify(await page.evaluate(() => window.__lcp), null, 0));
    await page.close();
  }
} finally { await browser.close(); stop(); }

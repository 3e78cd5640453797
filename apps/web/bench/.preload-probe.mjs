import { chromium } from '@playwright/test';
import { chromiumPath, startServer } from './support.mjs';
const { baseUrl, stop } = await startServer();
const browser = await chromium.launch({ executablePath: chromiumPath() });
try {
  for (const p of (process.argv[2] ?? '/,/casino,/pragmatic,/gbgames,/endorphina').split(',')) {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const api = []; const msgs = [];
    const t0 = Date.now(); const order = []; page.on('request', (r) => { order.push((Date.now()-t0) + ' ' + r.url().replace(baseUrl, '').slice(0, 50)); if (r.url().includes('/api/')) api.push(r.url().replace(baseUrl, '')); });
    page.on('console', (m) => msgs.push(m.type() + ': ' + m.text().slice(0, 160)));
    await page.goto(baseUrl + p, { waitUntil: 'networkidle' });
    await page.waitForTimeout(3500);
    const counts = {}; for (const u of api) counts[u] = (counts[u] ?? 0) + 1;
    console.log(order.slice(0, 40).join('\n')); console.log(p, JSON.stringify(counts), msgs.join(' | '));
    await page.close();
  }
} finally { await browser.close(); stop(); }

// The browser tier's last webServer (playwright.config.ts, decision 098): waits until every
// server given on the command line answers, prints "servers ready" (what Playwright waits
// for), then stays up until Playwright stops it with the others.
//
// Playwright starts its webServer entries one after another, each only once the one before
// answers. The servers are independent (each its own data folder), so the config starts them
// without a URL of their own, which Playwright does not wait for, and this process waits for
// all of them at once: the starts overlap instead of adding up.
//
//   node apps/web/e2e/support/wait-for-servers.mjs <url> [<url> ...]
const urls = process.argv.slice(2);
if (urls.length === 0) {
  console.error('wait-for-servers: no URL to wait for');
  process.exit(2);
}

/** Answers like Playwright's own check: any status below 400. */
async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await response.body?.cancel();
    return response.status < 400;
  } catch {
    return false;
  }
}

// Playwright's own check, kept: a URL that answers before its server can have started (this
// process starts a few milliseconds after them, a server takes a second or more) is another
// run's server, and the tests would run against it.
const answeredEarly = await Promise.all(urls.map(answers));
const early = urls.filter((_, index) => answeredEarly[index]);
if (early.length > 0) {
  console.error(`wait-for-servers: ${early.join(', ')} already answers: stop the server there`);
  process.exit(1);
}

const started = Date.now();
let waiting = urls;
let lastReport = started;
while (waiting.length > 0) {
  const results = await Promise.all(waiting.map(answers));
  waiting = waiting.filter((_, index) => !results[index]);
  if (waiting.length === 0) break;
  if (Date.now() - lastReport >= 30_000) {
    lastReport = Date.now();
    const seconds = Math.round((lastReport - started) / 1000);
    console.error(`wait-for-servers: after ${seconds} s still waiting for ${waiting.join(', ')}`);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
console.log(`servers ready (${urls.length} in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
// Stay up: Playwright ends this process with the servers when the run is over.
setInterval(() => undefined, 60_000);

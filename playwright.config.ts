import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from '@playwright/test';

/**
 * Browser tests drive the system Chromium (Debian's packages), never a downloaded browser:
 * this machine and CI reach no browser download site. First Debian's old headless shell
 * (`chromium-headless-shell`, the kind of build Playwright itself runs headless): it renders
 * with the same Blink and V8 as `chromium`, without the full browser's windowing and
 * compositing: the tier needs 16 % less CPU on it (decision 107). Without it, the
 * full `chromium`. CHROMIUM_PATH overrides the choice.
 */
function chromiumPath(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ].filter((p): p is string => Boolean(p));
  const found = candidates.find((p) => existsSync(p));
  if (!found) {
    throw new Error(
      'No Chromium found for the browser tests. Install it (apt-get install -y chromium-headless-shell, or chromium) or set CHROMIUM_PATH.',
    );
  }
  return found;
}

const port = Number(process.env.E2E_PORT ?? 4310);
const shortTtlPort = Number(process.env.E2E_SHORT_TTL_PORT ?? port + 1);
const mailSmtpPort = Number(process.env.MAIL_SINK_SMTP_PORT ?? port + 15);
const mailHttpPort = Number(process.env.MAIL_SINK_HTTP_PORT ?? port + 16);
const baseURL = `http://127.0.0.1:${port}`;
// The back office's journey has a server of its own: its staff member is made by the real
// `npm run staff:create` before the server opens the same data folder (the embedded database
// takes one process at a time), and the command's output is kept for the test to read.
const backofficePort = Number(process.env.E2E_BACKOFFICE_PORT ?? port + 2);
const backofficeData = '.e2e-data-backoffice';
process.env.E2E_BACKOFFICE_URL = `http://127.0.0.1:${backofficePort}`;
process.env.E2E_STAFF_EMAIL ??= 'admin@staff.orbita.test';
process.env.E2E_STAFF_SETUP_FILE = `${backofficeData}.setup.txt`;
// A finance member (role payments) for the reports' test, made the same way.
process.env.E2E_FINANCE_EMAIL ??= 'finance@staff.orbita.test';
process.env.E2E_FINANCE_SETUP_FILE = `${backofficeData}.finance.txt`;
// And a marketing member for the games and lobby screen's test.
process.env.E2E_MARKETING_EMAIL ??= 'marketing@staff.orbita.test';
process.env.E2E_MARKETING_SETUP_FILE = `${backofficeData}.marketing.txt`;
// And a support member for the content screen's test (decision 092).
process.env.E2E_CONTENT_EMAIL ??= 'content@staff.orbita.test';
process.env.E2E_CONTENT_SETUP_FILE = `${backofficeData}.content.txt`;
// And one for the banners screen's test (a set-up link is used once).
process.env.E2E_BANNERS_EMAIL ??= 'banners@staff.orbita.test';
process.env.E2E_BANNERS_SETUP_FILE = `${backofficeData}.banners.txt`;
// And one for the bonuses' test (marketing makes the promo code, payments reads the report).
process.env.E2E_BONUS_STAFF_EMAIL ??= 'bonuses@staff.orbita.test';
process.env.E2E_BONUS_STAFF_SETUP_FILE = `${backofficeData}.bonuses.txt`;

// What the tests read to find the second server and the inbox.
process.env.E2E_SHORT_TTL_URL = `http://127.0.0.1:${shortTtlPort}`;
process.env.MAIL_SINK_URL = `http://127.0.0.1:${mailHttpPort}`;
// The operator API's token of the main e2e server, so a test can fund a player (wallet.spec.ts).
process.env.E2E_OPERATOR_API_TOKEN ??= 'e2e-operator-token-0123456789abcdefghijklmnop';

/**
 * A start on a new folder takes seconds; a machine shared with other work can need more
 * (E2E_SERVER_TIMEOUT_MS), above all for the back office's, which first runs `staff:create`
 * and the other staff members through tsx.
 */
const serverTimeout = Number(process.env.E2E_SERVER_TIMEOUT_MS ?? 90_000);

/**
 * One of the app's servers. It has no `url`: Playwright would wait for it before starting the
 * next entry, so the starts would add up; the last entry (`allServersAnswer`) waits for every
 * server at once instead (decision 098).
 */
function appServer(listenPort: number, dataDir: string, extraEnv: Record<string, string>) {
  return {
    command: `rm -rf ${dataDir} && node apps/server/dist/server.js`,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'production',
      PORT: String(listenPort),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${listenPort}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
      MAIL_FROM: 'Orbita <no-reply@orbita.test>',
      // Every test registers from 127.0.0.1.
      REGISTRATIONS_PER_IP_HOUR: '100000',
      ...extraEnv,
    },
  };
}

/**
 * The entry Playwright waits for: a small process that polls every server's URL and says
 * "servers ready" once all answer (apps/web/e2e/support/wait-for-servers.mjs). A server that
 * fails to start shows its error (stderr is piped) and the wait runs out at `serverTimeout`.
 */
function allServersAnswer(urls: string[]) {
  return {
    command: `node apps/web/e2e/support/wait-for-servers.mjs ${urls.join(' ')}`,
    reuseExistingServer: false,
    wait: { stdout: /servers ready/ },
    timeout: serverTimeout,
    stdout: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: 'apps/web/e2e',
  outputDir: 'test-results/e2e',
  timeout: 30_000,
  expect: { timeout: 7_000 },
  fullyParallel: true,
  // One worker per core (Playwright's default is half of them, one on a two-core machine).
  // The specs share the servers below and make their own players, so any number can run at
  // once; E2E_WORKERS overrides (decision 072).
  workers: Number(process.env.E2E_WORKERS ?? availableParallelism()),
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // Tests that only take pictures for a person (tagged @pictures, apps/web/e2e/support/
  // pictures.ts) run under `npm run pictures`, which names their folder; they are no test of
  // `npm test`, nor counted in it.
  ...(process.env.E2E_PICTURES ? {} : { grepInvert: /@pictures/ }),
  use: {
    baseURL,
    // A failed test keeps its trace: every action with the page's DOM before and after it, the
    // network and the console. Without the screencast: its frames (composited, encoded and
    // sent to the runner all through every test, kept or not) were a fifth of the whole
    // tier's CPU (decision 106); the failure's own screenshot is still taken below.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // The headless shell hints glyphs fully by default, to whole pixels: text then wraps
        // unlike in the full browser (a paragraph of /privacy took one more line on a phone).
        // Debian's fontconfig default, as the full browser reads it, is slight hinting.
        '--font-render-hinting=slight',
      ],
    },
  },
  // The back office's file runs in order on one worker (its journey makes the staff member
  // the screen scans sign in as); listed first, it starts at once beside the players' tests
  // instead of running alone on one worker at the end while the others stand idle
  // (decision 077). Playwright hands out the projects' tests in this order.
  projects: [
    {
      name: 'backoffice',
      testDir: 'apps/backoffice/e2e',
      use: { browserName: 'chromium', baseURL: process.env.E2E_BACKOFFICE_URL },
    },
    { name: 'chromium', use: { browserName: 'chromium' } },
  ],
  // The built app as players get it: production server, embedded database in a fresh
  // folder, mail over SMTP to a sink the tests read. A second instance with 5-second access
  // tokens serves the test of several tabs across a token expiry. All start at once (no
  // `url` each); the last entry waits until every one answers (decision 098).
  webServer: [
    {
      command: 'npx tsx apps/web/e2e/support/mail-sink.ts',
      reuseExistingServer: false,
      env: {
        MAIL_SINK_SMTP_PORT: String(mailSmtpPort),
        MAIL_SINK_HTTP_PORT: String(mailHttpPort),
      },
    },
    appServer(port, '.e2e-data', {
      OPERATOR_API_TOKEN: process.env.E2E_OPERATOR_API_TOKEN,
      // The players' journeys fund test players through the service account (up to
      // $1,234.50); four-eyes above 500.00 is the back office's own test (its server below).
      BACKOFFICE_FOUR_EYES_AMOUNT: '10000.00',
    }),
    appServer(shortTtlPort, '.e2e-data-short-ttl', { ACCESS_TOKEN_TTL_SECONDS: '5' }),
    {
      ...appServer(backofficePort, backofficeData, {}),
      command:
        `rm -rf ${backofficeData} ${backofficeData}.*.secret && npm run -s staff:create -- --email ${process.env.E2E_STAFF_EMAIL} ` +
        `--role admin > ${process.env.E2E_STAFF_SETUP_FILE} && ` +
        // The other members in one process (apps/server/scripts/create-e2e-staff.ts).
        `(export INIT_CWD="$PWD" && cd apps/server && node --import tsx scripts/create-e2e-staff.ts ` +
        `${process.env.E2E_FINANCE_EMAIL}=payments=${process.env.E2E_FINANCE_SETUP_FILE} ` +
        `${process.env.E2E_MARKETING_EMAIL}=marketing=${process.env.E2E_MARKETING_SETUP_FILE} ` +
        `${process.env.E2E_CONTENT_EMAIL}=support=${process.env.E2E_CONTENT_SETUP_FILE} ` +
        `${process.env.E2E_BANNERS_EMAIL}=marketing=${process.env.E2E_BANNERS_SETUP_FILE} ` +
        `${process.env.E2E_BONUS_STAFF_EMAIL}=marketing+payments=${process.env.E2E_BONUS_STAFF_SETUP_FILE}) && ` +
        `node apps/server/dist/server.js`,
    },
    allServersAnswer([
      `http://127.0.0.1:${mailHttpPort}/health`,
      `${baseURL}/api/health`,
      `${process.env.E2E_SHORT_TTL_URL}/api/health`,
      `${process.env.E2E_BACKOFFICE_URL}/api/health`,
    ]),
  ],
});

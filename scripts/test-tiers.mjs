#!/usr/bin/env node
// `npm test`: the checks and the four test tiers (decision 072), one after another, each
// through its own npm script so a developer can run any one alone. Stops at the first that
// fails, and prints the time of each at the end either way.
//
// The checks run in three lanes side by side (decisions 077, 101): eslint on the two React
// apps, eslint on everything else, and prettier; the parts of tsc are spread over the three
// (decision 106). Each is one single-threaded process, so one after another they leave a core
// idle; a lane's output is printed when it ends, so the lanes do not interleave. ESLint is split in two because one process holding
// every project's TypeScript program spent 225 CPU-seconds where the two halves spend 160
// together (decision 101), and it was the longest lane; the halves cover what `npm run lint`
// does, and nothing twice.
//
// With both the process and the browser tier, the apps are built once (`npm run build`, at
// the start of the process tier): the process tier runs that server bundle
// (TEST_SERVER_BUNDLE, apps/server/test/process-setup.ts) and the browser tier runs Playwright
// on the same build, instead of the server being bundled twice.
//
// Usage: node scripts/test-tiers.mjs [tier ...]   (default: all, in the order below)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

/**
 * `npm run typecheck` is the root program and then every workspace's own `typecheck` script,
 * one after another. The check tier runs the same parts spread over its lanes, so that the
 * lanes end together instead of one tsc after another on one core while the other core idles
 * (decision 106); `typecheckParts` below fails the run when a workspace's typecheck is in no
 * lane.
 */
const rootTypecheck = { label: 'typecheck (root)', command: ['npx', 'tsc', '--noEmit', '-p', '.'] };
const typecheckOf = (workspace) => ({
  label: `typecheck -w ${workspace}`,
  command: ['npm', 'run', '--silent', 'typecheck', '-w', workspace],
  workspace,
});

const tiers = [
  {
    name: 'check',
    // Each about a third of the tier's CPU on an idle machine (decision 106).
    lanes: [
      ['lint:react-apps', typecheckOf('apps/web')],
      [
        'lint:rest',
        rootTypecheck,
        typecheckOf('packages/contracts'),
        typecheckOf('packages/studios'),
        typecheckOf('packages/payments-sandbox'),
      ],
      ['format:check', typecheckOf('apps/server'), typecheckOf('apps/backoffice')],
    ],
    what: 'eslint web and back office | eslint the rest | prettier; tsc spread over the three lanes',
  },
  {
    name: 'unit',
    script: 'test:unit',
    what: 'no database: packages, web and back office (jsdom), server modules',
  },
  { name: 'integration', script: 'test:integration', what: 'the server in-process on a database' },
  {
    name: 'process',
    script: 'test:process',
    what: 'built bundle, spawned servers, clusters, faults',
  },
  { name: 'browser', script: 'test:browser', what: 'build, then Playwright on Chromium' },
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !tiers.some((tier) => tier.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown tier ${unknown.join(', ')}; tiers: ${tiers.map((t) => t.name).join(', ')}`,
  );
  process.exit(2);
}
const chosen = wanted.length > 0 ? tiers.filter((tier) => wanted.includes(tier.name)) : tiers;

/** Every workspace whose package.json has a typecheck script must be in a lane of the check. */
function typecheckParts() {
  const root = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  const wantedParts = root.workspaces.filter((workspace) => {
    const manifest = new URL(`../${workspace}/package.json`, import.meta.url);
    return Boolean(JSON.parse(readFileSync(manifest, 'utf8')).scripts?.typecheck);
  });
  const inLanes = tiers[0].lanes.flat().flatMap((step) => (step.workspace ? [step.workspace] : []));
  const missing = wantedParts.filter((workspace) => !inLanes.includes(workspace));
  if (missing.length > 0) {
    console.error(`The check tier's lanes leave out the typecheck of ${missing.join(', ')}`);
    process.exit(2);
  }
}
typecheckParts();

const serverBundle = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));
if (chosen.some((t) => t.name === 'process') && chosen.some((t) => t.name === 'browser')) {
  const processTier = chosen.find((t) => t.name === 'process');
  const browserTier = chosen.find((t) => t.name === 'browser');
  processTier.before = 'build';
  processTier.env = { TEST_SERVER_BUNDLE: serverBundle };
  processTier.what = `npm run build, then ${processTier.what}`;
  browserTier.command = ['npx', 'playwright', 'test'];
  browserTier.what = 'Playwright on Chromium (on that build)';
}

/** Runs an npm script; with `buffered`, its output is kept and returned instead of shown. */
function run(script, { buffered = false, env = {}, command } = {}) {
  const [file, ...args] = command ?? ['npm', 'run', '--silent', script];
  return new Promise((resolve) => {
    const child = spawn(file, args, {
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let output = '';
    if (buffered) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/**
 * One lane: its steps one after another, stopping at the first that fails. A step is an npm
 * script's name or `{ label, command }`.
 */
async function runLane(steps) {
  for (const step of steps) {
    const { label, command } = typeof step === 'string' ? { label: step } : step;
    const { code, output } = await run(label, { buffered: true, command });
    const verdict = code === 0 ? 'ok' : `failed (exit ${code})`;
    process.stdout.write(`\n> ${label}: ${verdict}\n${output}`);
    if (code !== 0) return code;
  }
  return 0;
}

async function runTier(tier) {
  if (tier.before) {
    const { code } = await run(tier.before);
    if (code !== 0) return code;
  }
  if (!tier.lanes) return (await run(tier.script, { env: tier.env, command: tier.command })).code;
  const codes = await Promise.all(tier.lanes.map(runLane));
  return codes.find((code) => code !== 0) ?? 0;
}

/**
 * CPU seconds used by the finished children and theirs (Linux: cutime + cstime of
 * /proc/self/stat), so a tier's time can be told apart from the load of a shared machine:
 * on an idle machine with N cores a tier takes at least its CPU time / N. Processes that
 * outlive their parent (a browser's renderers) are not counted: the browser tier's figure
 * is a floor.
 */
function childCpuMs() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 16 and 17 of proc(5), counted from 1; `fields` starts at field 3.
    return ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const format = (ms) => {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

const results = [];
const started = Date.now();
let failed;
for (const tier of chosen) {
  const begin = Date.now();
  const cpuBefore = childCpuMs();
  const loadBefore = loadavg()[0];
  const code = await runTier(tier);
  const cpuAfter = childCpuMs();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  // The machine's load average (1 minute) at the tier's start and end: a wall time means
  // something only beside it (decision 098).
  const load = `${loadBefore.toFixed(1)}→${loadavg()[0].toFixed(1)}`;
  results.push({ tier, ms: Date.now() - begin, cpu, load, ok: code === 0 });
  if (code !== 0) {
    failed = tier;
    break;
  }
}

console.log(
  '\nTest tiers (minutes:seconds; CPU: of its processes, all cores together; load: 1-minute load average at start→end)',
);
console.log(
  `       ${'tier'.padEnd(12)} ${'wall'.padStart(6)} ${'CPU'.padStart(6)} ${'load'.padStart(11)}`,
);
for (const { tier, ms, cpu, load, ok } of results) {
  const cpuText = cpu === undefined ? '-' : format(cpu);
  console.log(
    `  ${ok ? 'ok  ' : 'FAIL'} ${tier.name.padEnd(12)} ${format(ms).padStart(6)} ${cpuText.padStart(6)} ${load.padStart(11)}  ${tier.what}`,
  );
}
for (const tier of chosen.slice(results.length)) {
  console.log(
    `  skip ${tier.name.padEnd(12)} ${'-'.padStart(6)} ${'-'.padStart(6)} ${'-'.padStart(11)}  (after a failure)`,
  );
}
console.log(`  total        ${format(Date.now() - started).padStart(6)}`);
process.exit(failed ? 1 : 0);

#!/usr/bin/env node
// `npm test`: the checks and the four test tiers (decision 072), one after another, each
// through its own npm script so a developer can run any one alone. Stops at the first that
// fails, and prints the time of each at the end either way.
//
// Usage: node scripts/test-tiers.mjs [tier ...]   (default: all, in the order below)
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const tiers = [
  { name: 'check', script: 'check', what: 'prettier, eslint, tsc' },
  { name: 'unit', script: 'test:unit', what: 'no database: packages, web (jsdom), server modules' },
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

function run(script) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], { stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/**
 * CPU seconds used by the finished children and theirs (Linux: cutime + cstime of
 * /proc/self/stat), so a tier's time can be told apart from the load of a shared machine:
 * on an idle machine with N cores a tier takes at least its CPU time / N.
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
  const code = await run(tier.script);
  const cpuAfter = childCpuMs();
  const cpu = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
  results.push({ tier, ms: Date.now() - begin, cpu, ok: code === 0 });
  if (code !== 0) {
    failed = tier;
    break;
  }
}

console.log('\nTest tiers (minutes:seconds)');
for (const { tier, ms, ok } of results) {
  console.log(
    `  ${ok ? 'ok  ' : 'FAIL'} ${tier.name.padEnd(12)} ${format(ms).padStart(6)}  ${tier.what}`,
  );
}
for (const tier of chosen.slice(results.length)) {
  console.log(`  skip ${tier.name.padEnd(12)} ${'-'.padStart(6)}  (after a failure)`);
}
console.log(`  total        ${format(Date.now() - started).padStart(6)}`);
process.exit(failed ? 1 : 0);

// Preloaded into a benchmark's server (`node --import <this file>`, bench-uploads.ts): watches
// the server's own event loop and tells what held it. A 5 ms timer notes each stall (the time
// between its ticks past 5 ms) and, from Linux's /proc/thread-self/schedstat, how much of the
// stall the main thread spent running (our code blocking the loop) and how much waiting for a
// core (a busy machine). On a shared machine the second can dwarf the first: the request
// latencies alone cannot tell them apart. SIGWINCH (ignored by default; the server's graceful
// close takes SIGUSR2) writes what was seen since the last SIGWINCH to BENCH_LOOP_FILE as JSON
// and starts again. Plain JavaScript: it runs before tsx.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';

const file = process.env.BENCH_LOOP_FILE;
const tickMs = 5;

function schedstat() {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ');
    return { runMs: Number(run) / 1e6, waitMs: Number(wait) / 1e6 };
  } catch {
    return { runMs: 0, waitMs: 0 };
  }
}

let stalls = [];
let last = performance.now();
let lastSched = schedstat();

setInterval(() => {
  const now = performance.now();
  const sched = schedstat();
  const stall = now - last - tickMs;
  if (stall > 1) {
    stalls.push({
      ms: stall,
      // What the main thread ran and waited during the whole gap (tick included).
      runningMs: sched.runMs - lastSched.runMs,
      waitingMs: sched.waitMs - lastSched.waitMs,
    });
  }
  last = now;
  lastSched = sched;
}, tickMs).unref();

if (file) {
  process.on('SIGWINCH', () => {
    // Whole or not at all: the benchmark reads it as soon as it appears.
    writeFileSync(`${file}.partial`, JSON.stringify(stalls));
    renameSync(`${file}.partial`, file);
    stalls = [];
  });
}

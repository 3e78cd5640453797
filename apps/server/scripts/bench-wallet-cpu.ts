// CPU time per call for `npm run bench:wallet` (bench-wallet.ts): the server process's, the
// scratch database's PostgreSQL backends' and the load generator's own (this process), read
// around each slice of each way, with the share of the machine's time that no process used. On a
// shared machine a rate swings with whatever else runs; the CPU a call costs swings far less,
// so this is the figure to compare two runs by (decision 088). Linux only: elsewhere, or when
// /proc cannot be read, it reports nothing.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ, 100 on Linux). */
const ticksPerSecond = 100;

function ticksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's ")": state is field 3; utime and stime are fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/** The pids of the PostgreSQL backends connected to `database` (their title names it). */
function backendsOf(database: string): number[] {
  const pids: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return pids;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.includes(` ${database} `)) pids.push(+entry);
    } catch {
      // Gone meanwhile.
    }
  }
  return pids;
}

/** The machine's idle and total time so far, all cores (the first line of /proc/stat). */
function machineTicks(): { idle: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!;
    // cpu user nice system idle iowait irq softirq steal …: idle and iowait are time unused.
    const ticks = line.trim().split(/\s+/).slice(1).map(Number);
    return { idle: ticks[3]! + (ticks[4] ?? 0), total: ticks.reduce((sum, t) => sum + t, 0) };
  } catch {
    return undefined;
  }
}

export interface CpuReading {
  server: number;
  backends: Map<number, number>;
  /** This process's CPU so far (µs): the load generator's, and the in-process way's work. */
  generatorUs: number;
  machine: { idle: number; total: number } | undefined;
}

export interface CpuUse {
  serverMs: number;
  postgresMs: number;
  generatorMs: number;
  /** Time no process used, all cores together (ms); 0 when /proc/stat cannot be read. */
  idleMs: number;
  /** All the machine's time between the readings, all cores together (ms). */
  machineMs: number;
}

export interface CpuMeter {
  read(): CpuReading;
  /** CPU between two readings: the server's, the database's backends', this process's. */
  between(a: CpuReading, b: CpuReading): CpuUse;
}

export function cpuMeter(serverPid: number | undefined, database: string): CpuMeter {
  return {
    read() {
      const backends = new Map<number, number>();
      for (const pid of backendsOf(database)) {
        const ticks = ticksOf(pid);
        if (ticks !== undefined) backends.set(pid, ticks);
      }
      const usage = process.cpuUsage();
      return {
        server: serverPid === undefined ? 0 : (ticksOf(serverPid) ?? 0),
        backends,
        generatorUs: usage.user + usage.system,
        machine: machineTicks(),
      };
    },
    between(a, b) {
      let postgres = 0;
      // A backend that started meanwhile counts from 0; one that ended is lost (rare: pools
      // keep their connections for the run).
      for (const [pid, ticks] of b.backends) postgres += ticks - (a.backends.get(pid) ?? 0);
      const machine =
        a.machine && b.machine
          ? { idle: b.machine.idle - a.machine.idle, total: b.machine.total - a.machine.total }
          : { idle: 0, total: 0 };
      return {
        serverMs: ((b.server - a.server) * 1000) / ticksPerSecond,
        postgresMs: (postgres * 1000) / ticksPerSecond,
        generatorMs: (b.generatorUs - a.generatorUs) / 1000,
        idleMs: (machine.idle * 1000) / ticksPerSecond,
        machineMs: (machine.total * 1000) / ticksPerSecond,
      };
    },
  };
}

// CPU time per call for `npm run bench:wallet` (bench-wallet.ts): the server process's and the
// scratch database's PostgreSQL backends', read from /proc around each slice of each way. On a
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

export interface CpuReading {
  server: number;
  backends: Map<number, number>;
}

export interface CpuMeter {
  read(): CpuReading;
  /** Milliseconds of CPU between two readings: the server's and the database's backends'. */
  between(a: CpuReading, b: CpuReading): { serverMs: number; postgresMs: number };
}

export function cpuMeter(serverPid: number | undefined, database: string): CpuMeter {
  return {
    read() {
      const backends = new Map<number, number>();
      for (const pid of backendsOf(database)) {
        const ticks = ticksOf(pid);
        if (ticks !== undefined) backends.set(pid, ticks);
      }
      return { server: serverPid === undefined ? 0 : (ticksOf(serverPid) ?? 0), backends };
    },
    between(a, b) {
      let postgres = 0;
      // A backend that started meanwhile counts from 0; one that ended is lost (rare: pools
      // keep their connections for the run).
      for (const [pid, ticks] of b.backends) postgres += ticks - (a.backends.get(pid) ?? 0);
      return {
        serverMs: ((b.server - a.server) * 1000) / ticksPerSecond,
        postgresMs: (postgres * 1000) / ticksPerSecond,
      };
    },
  };
}

import { spawn } from 'node:child_process';
import { serverPackageRoot } from '../../src/lib/package-root';

export interface ServerExit {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SpawnedServer {
  /** Resolves with the base URL once the server logs that it listens; rejects if it exits first. */
  listening: Promise<string>;
  exited: Promise<ServerExit>;
  stop(signal?: NodeJS.Signals): void;
  /** What the server printed on stdout so far (its JSON log lines). */
  output(): string;
}

/**
 * Runs the server in a process of its own, as an operator would: `args` is what follows
 * `node` (e.g. ['--import', 'tsx', 'src/server.ts'] or ['dist/server.js']). Only PATH is
 * inherited, so the test's own environment cannot leak into the configuration.
 */
export function spawnServer(
  args: string[],
  env: Record<string, string>,
  cwd: string = serverPackageRoot,
): SpawnedServer {
  const child = spawn(process.execPath, args, {
    cwd,
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', ...env },
  });
  let stdout = '';
  let stderr = '';
  let announce!: (url: string) => void;
  const listening = new Promise<string>((resolve) => {
    announce = resolve;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
    if (match?.[1]) announce(match[1]);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<ServerExit>((resolve) => {
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
  const listeningOrExited = Promise.race([
    listening,
    exited.then((exit) => {
      throw new Error(`server exited (code ${exit.code}) before listening:\n${exit.stderr}`);
    }),
  ]);
  // A test that expects the server to fail never awaits `listening`; that is not an error.
  listeningOrExited.catch(() => undefined);
  return {
    listening: listeningOrExited,
    exited,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal);
    },
    output: () => stdout,
  };
}

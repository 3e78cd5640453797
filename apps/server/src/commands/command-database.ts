import { join } from 'node:path';
import { loadConfig } from '../config';
import { DataDirLocked } from '../db/data-dir-lock';
import type { DatabaseConnection } from '../db/database';
import { openDatabase } from '../db/open-database';
import { StartupError } from '../lib/errors';
import type { Command, CommandIo } from './command';

export interface CommandDatabase {
  db: DatabaseConnection;
  /** Where the command works, for its first line of output (never a password). */
  where: string;
}

/**
 * The database an operator command works on: the server's own configuration (DATABASE_URL,
 * else DATA_DIR's PGlite), with relative paths taken from the folder the operator typed the
 * command in (npm's INIT_CWD), as `npm start` does, not from apps/server where npm -w runs it.
 * Migrated, as the server would be at start-up. On PGlite while the server runs, this throws
 * DataDirLocked, whose message tells the operator what to do.
 */
export async function openCommandDatabase(
  env: Record<string, string | undefined> = process.env,
): Promise<CommandDatabase> {
  const config = loadConfig(env, env.INIT_CWD ?? process.cwd());
  const db = await openDatabase(config);
  try {
    await db.migrate();
  } catch (error) {
    await db.close();
    throw error;
  }
  const where =
    config.databaseUrl === undefined
      ? `PGlite in ${join(config.dataDir, 'pglite')}`
      : `PostgreSQL at ${safeUrl(config.databaseUrl)}`;
  return { db, where };
}

function safeUrl(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  parsed.username = '';
  return `${parsed.host}${parsed.pathname}`;
}

/**
 * Runs `work` on the command's database and closes it. A database the command cannot open
 * (a locked PGlite, a bad configuration) is printed, with what to do, and answered with 2.
 */
export async function withCommandDatabase(
  io: CommandIo,
  work: (opened: CommandDatabase) => Promise<number>,
): Promise<number> {
  let opened;
  try {
    opened = await openCommandDatabase(io.env);
  } catch (error) {
    if (error instanceof DataDirLocked || error instanceof StartupError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
  try {
    return await work(opened);
  } finally {
    await opened.db.close();
  }
}

/**
 * A command that checks the database and prints its report (`ledger:check`, `audit:check`):
 * the first line says where, the report goes to stdout when it holds, to stderr with exit 1
 * when it does not.
 */
export function databaseCheck<Report extends { ok: boolean }>(command: {
  name: string;
  usage: string;
  check: (db: DatabaseConnection) => Promise<Report>;
  format: (report: Report) => string;
}): Command {
  return {
    name: command.name,
    usage: command.usage,
    run: (_argv, io) =>
      withCommandDatabase(io, async ({ db, where }) => {
        io.out(`${command.name} on ${where}`);
        const report = await command.check(db);
        (report.ok ? io.out : io.err)(command.format(report));
        return report.ok ? 0 : 1;
      }),
  };
}

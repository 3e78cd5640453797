import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseConnection } from '../../src/db/database';
import { openPglite } from '../../src/db/pglite-connection';
import { users } from '../../src/db/schema';
import { UsageError, type CommandIo } from '../../src/commands/command';
import { ledgerCheck } from '../../src/commands/ledger-check';
import { runCommand } from '../../src/commands/run-command';
import { parseAdjustArgs, walletAdjust } from '../../src/commands/wallet-adjust';
import { createTestDb, testDatabaseDriver } from '../helpers/test-database';
import { createWalletUser } from '../helpers/wallets';

const ledgerCheckCommand = (io: CommandIo) => runCommand(ledgerCheck, [], io);
const walletAdjustCommand = (argv: string[], io: CommandIo) => runCommand(walletAdjust, argv, io);

/**
 * The operator commands, run as functions on the database they would find: on PostgreSQL
 * the test's own database through DATABASE_URL (the server may be running: the pool does not
 * care), on PGlite a DATA_DIR of their own (the command opens it itself, as it would with
 * the server stopped).
 */
const driver = testDatabaseDriver();
let env: Record<string, string>;
let db: DatabaseConnection;
let cleanup: () => Promise<void>;
let dataDir: string | undefined;

beforeAll(async () => {
  if (driver === 'postgres') {
    const test = await createTestDb();
    db = test.db;
    env = { DATABASE_URL: test.url ?? '' };
    cleanup = test.destroy;
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'casino-wallet-cmd-'));
    env = { DATA_DIR: dataDir };
    // Migrated by a first command run; the tests open it between runs to seed and look.
    expect((await run((io) => ledgerCheckCommand(io))).code).toBe(0);
    cleanup = () => rm(dataDir ?? '', { recursive: true, force: true });
  }
}, 120_000);
afterAll(async () => {
  if (driver === 'postgres') await cleanup();
  else await cleanup();
});

async function run(command: (io: CommandIo) => Promise<number>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await command({
    env: { ...env, LOG_LEVEL: 'silent' },
    out: (t) => out.push(t),
    err: (t) => err.push(t),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Work on the command's database between runs (on PGlite, only while no command runs). */
async function withDb<T>(work: (db: DatabaseConnection) => Promise<T>): Promise<T> {
  if (driver === 'postgres') return work(db);
  const local = await openPglite({ dataDir: join(dataDir ?? '', 'pglite') });
  try {
    return await work(local);
  } finally {
    await local.close();
  }
}

const adjust = (...argv: string[]) => run((io) => walletAdjustCommand(argv, io));

describe('wallet:adjust', () => {
  it('credits by username, e-mail or id, idempotently with --key, and prints the balance', async () => {
    const { id, username, email } = await withDb(async (d) => {
      const userId = await createWalletUser(d);
      const [row] = await d
        .select()
        .from(users)
        .where(sql`${users.id} = ${userId}`);
      return { id: userId, username: row!.username, email: row!.email };
    });
    const first = await adjust(
      '--user',
      username,
      '--amount',
      '100.00',
      '--reason',
      'test funds',
      '--key',
      `k-${id}`,
    );
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain(`Adjusted ${username} (${id}) by +100.00 USD`);
    expect(first.out).toContain('balance now 100.00 USD');

    const again = await adjust(
      '--user',
      username.toUpperCase(),
      '--amount',
      '100.00',
      '--reason',
      'test funds',
      '--key',
      `k-${id}`,
    );
    expect(again.code).toBe(0);
    expect(again.out).toContain('Already applied');
    expect(again.out).toContain('balance now 100.00 USD');

    const debit = await adjust('--user', email, '--amount', '-25.5', '--reason', 'correction');
    expect(debit.code, debit.err).toBe(0);
    expect(debit.out).toContain('by -25.50 USD');
    const byId = await adjust('--user', id, '--amount=0.005', '--reason', 'rounding');
    expect(byId.out).toContain('balance now 74.505 USD');
  }, 60_000);

  it('refuses a debit below zero, a reused key, an unknown player and a bad amount', async () => {
    const id = await withDb((d) => createWalletUser(d));
    const below = await adjust('--user', id, '--amount', '-0.01', '--reason', 'oops');
    expect(below.code).toBe(1);
    expect(below.err).toMatch(/balance is 0\.00, a debit of 0\.01 would take it below zero/);

    await adjust('--user', id, '--amount', '5', '--reason', 'a', '--key', `reuse-${id}`);
    const reused = await adjust(
      '--user',
      id,
      '--amount',
      '6',
      '--reason',
      'a',
      '--key',
      `reuse-${id}`,
    );
    expect(reused.code).toBe(1);
    expect(reused.err).toMatch(/used before for a different adjustment \(amount differ/);

    const nobody = await adjust('--user', 'no-such-player', '--amount', '1', '--reason', 'x');
    expect(nobody).toMatchObject({ code: 1 });
    expect(nobody.err).toMatch(/No player "no-such-player"/);

    for (const amount of ['1e3', '1.0001', 'ten', '0', '2000000000']) {
      const bad = await adjust('--user', id, '--amount', amount, '--reason', 'x');
      expect(bad.code, amount).toBe(1);
      expect(bad.err).toContain('Usage: npm run wallet:adjust');
    }
    expect(
      await withDb(
        async (d) =>
          (
            await d.execute<{ b: string }>(
              sql`select balance as b from wallets where user_id = ${id}::uuid`,
            )
          ).rows[0]?.b,
      ),
    ).toBe('5000');
  }, 60_000);
});

describe('parseAdjustArgs', () => {
  it('needs user, amount and reason, and generates a key and an actor', () => {
    const args = parseAdjustArgs(['--user', 'a', '--amount', '-1.5', '--reason', 'r']);
    expect(args).toMatchObject({ user: 'a', amount: -1_500n, reason: 'r' });
    expect(args.key).toMatch(/^cli-/);
    expect(args.actor).toMatch(/\(wallet:adjust\)$/);
    expect(() => parseAdjustArgs(['--user', 'a', '--amount', '1'])).toThrow(UsageError);
    expect(() => parseAdjustArgs(['--user', 'a', '--reason', 'r'])).toThrow(UsageError);
    expect(() => parseAdjustArgs(['--amount', '1', '--reason', 'r'])).toThrow(UsageError);
    expect(() =>
      parseAdjustArgs(['--user', 'a', '--amount', '1', '--reason', 'r', '--bogus']),
    ).toThrow(UsageError);
  });
});

describe('ledger:check', () => {
  it('prints what it checked, and exits 1 naming a tampered wallet', async () => {
    const clean = await run((io) => ledgerCheckCommand(io));
    expect(clean.code, clean.err).toBe(0);
    expect(clean.out).toMatch(/^ledger:check on (PGlite in .*pglite|PostgreSQL at 127\.0\.0\.1)/);
    expect(clean.out).toMatch(/checked \d+ wallets and \d+ ledger entries/);
    expect(clean.out).toContain('ledger is consistent');

    const id = await withDb(async (d) => {
      const userId = await createWalletUser(d);
      await d.execute(sql`update wallets set balance = 999 where user_id = ${userId}::uuid`);
      return userId;
    });
    const broken = await run((io) => ledgerCheckCommand(io));
    expect(broken.code).toBe(1);
    expect(broken.err).toContain('FAIL balance-equals-ledger');
    expect(broken.err).toContain(`wallet ${id}: balance 999, ledger sum 0`);
    await withDb((d) => d.execute(sql`update wallets set balance = 0 where user_id = ${id}::uuid`));
  }, 60_000);

  it.runIf(driver === 'pglite')(
    'tells the operator when the server holds the PGlite folder',
    async () => {
      const server = await openPglite({ dataDir: join(dataDir ?? '', 'pglite') });
      try {
        const locked = await run((io) => ledgerCheckCommand(io));
        expect(locked.code).toBe(2);
        expect(locked.err).toMatch(/in use by process \d+ \(probably the server\)/);
        const adjustLocked = await adjust('--user', 'x', '--amount', '1', '--reason', 'x');
        expect(adjustLocked.code).toBe(2);
      } finally {
        await server.close();
      }
    },
    60_000,
  );
});

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { systemClock, type Clock } from '../../src/lib/clock';
import { createLogger, type Logger } from '../../src/lib/logger';
import type { MailMessage, Mailer } from '../../src/lib/mail/mailer';
import { createMemoryMailer } from './memory-mailer';
import { createTestDb } from './test-database';

export interface TestAppOverrides {
  /** Environment variables, as the server would read them (NODE_ENV is 'test' unless set). */
  env?: Record<string, string>;
  clock?: Clock;
  mailer?: Mailer;
  logger?: Logger;
}

export interface TestApp {
  /** Not yet ready: a test may add routes or hooks; inject() makes it ready. */
  app: FastifyInstance;
  db: DatabaseConnection;
  config: Config;
  /** What the app "sent" (unless a mailer override was given). */
  outbox: MailMessage[];
  /** Closes the app (and with it the database) and removes the database. */
  close(): Promise<void>;
}

/** Fixed test secrets, so no test writes DATA_DIR/secrets.json (tests may override them). */
export const testSecrets = {
  JWT_SECRET: 'test-jwt-secret-0123456789abcdefghijklmnop',
  OTP_SECRET: 'test-otp-secret-0123456789abcdefghijklmnop',
};

/**
 * The real app on a fresh database of its own and a scratch DATA_DIR (avatars), both removed
 * by close(). Logs are silent unless TEST_LOG_LEVEL is set.
 */
export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'casino-test-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: dataDir,
    ...testSecrets,
    // Test files register many players from one address; the limit's own test sets it low.
    REGISTRATIONS_PER_IP_HOUR: '100000',
    ...overrides.env,
  });
  const removeDataDir = () => rm(dataDir, { recursive: true, force: true });
  const { db, destroy: destroyDb } = await createTestDb();
  const destroy = async () => {
    await destroyDb();
    await removeDataDir();
  };
  const memoryMailer = createMemoryMailer();
  try {
    const app = await buildApp({
      config,
      db,
      clock: overrides.clock ?? systemClock,
      mailer: overrides.mailer ?? memoryMailer,
      logger: overrides.logger ?? createLogger(config),
    });
    return {
      app,
      db,
      config,
      outbox: memoryMailer.outbox,
      async close() {
        await app.close();
        await destroy();
      },
    };
  } catch (error) {
    await destroy();
    throw error;
  }
}

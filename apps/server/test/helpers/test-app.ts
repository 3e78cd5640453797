import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import type { DatabaseConnection } from '../../src/db/database';
import { systemClock, type Clock } from '../../src/lib/clock';
import { createLogger, type Logger } from '../../src/lib/logger';
import type { MailMessage, Mailer } from '../../src/lib/mailer';
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

/** The real app on a fresh database of its own. Logs are silent unless TEST_LOG_LEVEL is set. */
export async function buildTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides.env,
  });
  const { db, destroy } = await createTestDb();
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

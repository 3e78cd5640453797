import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { createLaunchRepository, type LaunchRepository } from './launch-repository';
import { createLaunchSessions, type LaunchSessions } from './launch-sessions';

/** Launch tokens and the live sessions they open, for the features that launch and bet. */
export interface GameSessions {
  /** Records a launch (games) and reads a token's session (the providers' callbacks). */
  launches: LaunchRepository;
  /** A presented launch token judged as ok, expired, signed-out or not found. */
  sessions: LaunchSessions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Launch tokens and live game sessions: see features/game-sessions/README.md. */
    gameSessions: GameSessions;
  }
}

export interface GameSessionsFeatureOptions {
  db: Database;
  clock: Clock;
}

/**
 * No routes: the games feature records launches here, the providers' wallet callbacks resolve
 * the tokens they are given here, and the ledger's bet admission (liveLaunchCondition,
 * liveLaunchTokenCondition in launch-repository.ts) is defined here, once.
 */
const gameSessionsPlugin: FastifyPluginAsync<GameSessionsFeatureOptions> = (app, { db, clock }) => {
  const launches = createLaunchRepository(db);
  app.decorate('gameSessions', {
    launches,
    sessions: createLaunchSessions({ launches, clock }),
  });
  return Promise.resolve();
};

export const gameSessionsFeature = fastifyPlugin(gameSessionsPlugin, { name: 'game-sessions' });

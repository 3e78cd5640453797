import fastifyWebsocket from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { SharedState } from '../../lib/shared-state/shared-state';
import { createChatRepository } from './chat-repository';
import { createChatRoom } from './chat-room';
import { createChatService, type ChatService } from './chat-service';
import { chatSocketRoutes } from './chat-socket-routes';
import { socketErrorHandler } from './socket-errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live chat's rules (post, hide, mute), for operator tools and tests. */
    chat: ChatService;
  }
}

export interface ChatFeatureOptions {
  db: Database;
  clock: Clock;
  logger: Logger;
  /** Messages, online count and rate limits go through it (Redis with REDIS_URL). */
  shared: SharedState;
}

/**
 * The live chat: the WebSocket /api/chat/socket (guests read, players post), the room of
 * this instance's sockets, and the moderation API. See src/features/chat/README.md.
 */
const chatPlugin: FastifyPluginAsync<ChatFeatureOptions> = async (app, options) => {
  const { db, clock, logger, shared } = options;
  const repository = createChatRepository(db);
  const rg = app.responsibleGaming.service;
  const service = createChatService({
    repository,
    shared,
    clock,
    blocked: (userId) => rg.isBlocked(userId),
  });
  const room = await createChatRoom({ shared, logger });
  app.decorate('chat', service);

  // Registered once for the app (another feature with sockets reuses it). Frames are small
  // JSON: 16 KB is plenty and keeps a hostile client from making us buffer megabytes.
  if (!app.hasDecorator('websocketServer')) {
    await app.register(fastifyWebsocket, {
      options: { maxPayload: 16 * 1024 },
      errorHandler: socketErrorHandler,
      // The plugin's own preClose closes sockets without a code (1005); "going away" (1001)
      // tells clients the server is restarting, so they reconnect and resume.
      preClose(done) {
        for (const client of this.websocketServer.clients) client.close(1001, 'server closing');
        this.websocketServer.close();
        done();
      },
    });
  }
  // Before the listener closes: sockets are told "going away" (1001) and reconnect elsewhere.
  app.addHook('preClose', async () => {
    await room.close();
  });

  await app.register(chatSocketRoutes, {
    prefix: '',
    room,
    service,
    repository,
    sessions: app.auth.sessions,
  });
};

export const chatFeature = fastifyPlugin(chatPlugin, {
  name: 'chat',
  dependencies: ['auth', 'responsible-gaming'],
});

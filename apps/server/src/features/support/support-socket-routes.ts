import {
  chatCloseCodes,
  supportClientFrameSchema,
  supportSocketPath,
  type SupportMessage,
  type SupportServerFrame,
} from '@casino/contracts';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyPluginAsync } from 'fastify';
import type { SharedState } from '../../lib/shared-state/shared-state';
import type { SessionService } from '../auth';
import { supportChannel } from './support-service';

export interface SupportSocketRoutesOptions {
  shared: SharedState;
  sessions: SessionService;
}

const helloTimeoutMs = 10_000;

/**
 * GET /api/support/socket (WebSocket): the player's thread, live. First frame
 * `{"type":"hello","token":"<access token>"}`; the server subscribes to the player's channel
 * and answers `ready`, then sends each new message (theirs from another tab, or an
 * operator's answer) as `message`. The client reads the thread over HTTP after `ready`, so
 * nothing falls between; it keeps one copy per id. Close codes as the chat's (4401, 4400).
 */
export const supportSocketRoutes: FastifyPluginAsync<SupportSocketRoutesOptions> = (
  app,
  { shared, sessions },
) => {
  app.get(
    supportSocketPath,
    { websocket: true, schema: { hide: true } },
    (socket: WebSocket, request) => {
      let unsubscribe: (() => Promise<void>) | undefined;
      let greeted = false;
      const timer = setTimeout(
        () => socket.close(chatCloseCodes.protocol, 'hello expected'),
        helloTimeoutMs,
      );
      const send = (frame: SupportServerFrame) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
      };
      socket.on('close', () => {
        clearTimeout(timer);
        void unsubscribe?.();
      });
      socket.on('message', (data) => {
        if (greeted) return;
        greeted = true;
        clearTimeout(timer);
        void (async () => {
          let frame;
          try {
            frame = supportClientFrameSchema.parse(
              JSON.parse(Buffer.from(data as ArrayBuffer).toString('utf8')),
            );
          } catch {
            socket.close(chatCloseCodes.protocol, 'hello expected');
            return;
          }
          const player = await sessions.authenticate(frame.token);
          if (!player) {
            socket.close(chatCloseCodes.unauthorized, 'token refused');
            return;
          }
          if (socket.readyState !== socket.OPEN) return;
          unsubscribe = await shared.subscribe(supportChannel(player.id), (raw) => {
            try {
              send({ type: 'message', message: JSON.parse(raw) as SupportMessage });
            } catch {
              request.log.warn('support event is not JSON');
            }
          });
          if (socket.readyState !== socket.OPEN) {
            await unsubscribe();
            return;
          }
          send({ type: 'ready' });
        })().catch((err: unknown) => {
          request.log.error({ err }, 'support socket failed');
          socket.close(1011, 'unavailable');
        });
      });
    },
  );
  return Promise.resolve();
};

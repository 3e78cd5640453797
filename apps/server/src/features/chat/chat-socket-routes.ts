import {
  chatClientFrameSchema,
  chatCloseCodes,
  chatErrorCodes,
  chatLimits,
  chatSocketPath,
  type ChatAuthor,
  type ChatClientFrame,
  type ChatServerFrame,
} from '@casino/contracts';
import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from '@fastify/websocket';
import type { SessionService } from '../auth';
import { toAvatarUrl, type ChatRepository } from './chat-repository';
import type { ChatRoom, ChatReader } from './chat-room';
import { ChatRefusal, type ChatService } from './chat-service';

export interface ChatSocketRoutesOptions {
  room: ChatRoom;
  service: ChatService;
  repository: ChatRepository;
  sessions: SessionService;
}

/** A reader that stops reading is dropped past this much unsent data. */
const maxBufferedBytes = 1024 * 1024;

/**
 * GET /api/chat/socket (WebSocket). The client's first frame is `hello`, with the access
 * token for a player (a token in the URL would land in access logs) and the id of the
 * newest message it already has; the server answers `welcome` (who you are, the online
 * count, the recent or missed messages). Then `message`, `hidden` and `online` frames
 * arrive live, and a player's `post` is answered `ack` or `error`.
 */
export const chatSocketRoutes: FastifyPluginAsync<ChatSocketRoutesOptions> = (app, options) => {
  const { room, service, repository, sessions } = options;

  app.get(
    chatSocketPath,
    {
      websocket: true,
      schema: {
        tags: ['chat'],
        summary: 'Live chat (WebSocket)',
        description:
          'Upgrade to a WebSocket, then send `{"type":"hello","token"?,"after"?}`; frames are ' +
          'the chatClientFrameSchema / chatServerFrameSchema of the contracts ' +
          '(docs/decisions/043-live-chat.md).',
        hide: true,
      },
    },
    (socket: WebSocket, request) => {
      const log = request.log;
      let token: string | undefined;
      let player: ChatAuthor | null = null;
      let greeted = false;
      const reader: ChatReader = {
        queue: [],
        send(frame: ChatServerFrame) {
          if (socket.readyState !== socket.OPEN) return;
          if (socket.bufferedAmount > maxBufferedBytes) {
            socket.terminate();
            return;
          }
          socket.send(JSON.stringify(frame));
        },
        end(code, reason) {
          socket.close(code, reason);
        },
      };
      const helloTimer = setTimeout(() => {
        socket.close(chatCloseCodes.protocol, 'hello expected');
      }, chatLimits.helloTimeoutMs);

      socket.on('close', () => {
        clearTimeout(helloTimer);
        room.leave(reader);
      });
      socket.on('error', (err) => log.info({ err: { message: err.message } }, 'chat socket error'));

      const hello = async (frame: Extract<ChatClientFrame, { type: 'hello' }>) => {
        if (frame.token !== undefined) {
          const session = await sessions.authenticate(frame.token);
          if (!session) {
            socket.close(chatCloseCodes.unauthorized, 'token refused');
            return;
          }
          const author = await repository.author(session.id);
          if (!author) {
            socket.close(chatCloseCodes.unauthorized, 'token refused');
            return;
          }
          token = frame.token;
          player = { id: author.id, username: author.username, avatar: toAvatarUrl(author.avatar) };
        }
        // Closed while the token was checked: joining now would leave a reader nobody removes.
        if (socket.readyState !== socket.OPEN) return;
        // Joined (and queueing live events) before history is read: nothing falls between.
        room.join(reader);
        const after = frame.after === undefined ? undefined : BigInt(frame.after);
        const [history, hidden, muted] = await Promise.all([
          repository.history(chatLimits.historySize, after),
          repository.recentlyHidden(chatLimits.historySize * 4),
          player ? service.mutedUntil(player.id) : Promise.resolve(undefined),
        ]);
        reader.send({
          type: 'welcome',
          you: player,
          online: room.online(),
          messages: history.messages,
          reset: history.reset,
          hidden,
          muted_until: muted?.toISOString() ?? null,
        });
        const newest = history.messages.at(-1)?.id;
        room.ready(reader, newest === undefined ? (after ?? 0n) : BigInt(newest));
      };

      const post = async (frame: Extract<ChatClientFrame, { type: 'post' }>) => {
        if (!player || token === undefined) {
          reader.send({
            type: 'error',
            ref: frame.ref,
            code: chatErrorCodes.SIGN_IN_REQUIRED,
            message: 'Sign in to write in the chat.',
          });
          return;
        }
        // Checked again on every post: a signed-out or expired session stops posting at once.
        const session = await sessions.authenticate(token);
        if (!session) {
          socket.close(chatCloseCodes.unauthorized, 'token expired');
          return;
        }
        try {
          const message = await service.post(session.id, frame.text);
          reader.send({ type: 'ack', ref: frame.ref, id: message.id });
        } catch (error) {
          if (!(error instanceof ChatRefusal)) throw error;
          reader.send({
            type: 'error',
            ref: frame.ref,
            code: error.code,
            message: error.message,
            ...(error.retryAfterSeconds === undefined
              ? {}
              : { retry_after: error.retryAfterSeconds }),
          });
        }
      };

      // Frames are handled one at a time, in order, so a post never overtakes the hello.
      let chain = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        chain = chain.then(async () => {
          const parsed = isBinary ? undefined : parseFrame(rawText(data));
          if (parsed === undefined || (!greeted && parsed.type !== 'hello')) {
            socket.close(chatCloseCodes.protocol, 'unexpected frame');
            return;
          }
          try {
            if (parsed.type === 'hello') {
              if (greeted) return;
              greeted = true;
              clearTimeout(helloTimer);
              await hello(parsed);
            } else if (parsed.type === 'post') {
              await post(parsed);
            } else {
              reader.send({ type: 'pong' });
            }
          } catch (err) {
            log.error({ err }, 'chat frame failed');
            if (parsed.type === 'post') {
              reader.send({
                type: 'error',
                ref: parsed.ref,
                code: chatErrorCodes.CHAT_UNAVAILABLE,
                message: 'The chat is unavailable; try again.',
              });
            } else socket.close(1011, 'unavailable');
          }
        });
      });
    },
  );
  return Promise.resolve();
};

/** ws hands a frame as one Buffer, a list of fragments or an ArrayBuffer. */
function rawText(data: Buffer | ArrayBuffer | Buffer[]): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.from(data as ArrayBuffer).toString('utf8');
}

function parseFrame(text: string): ChatClientFrame | undefined {
  try {
    const result = chatClientFrameSchema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

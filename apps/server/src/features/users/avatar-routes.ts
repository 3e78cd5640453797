import fastifyMultipart from '@fastify/multipart';
import { ErrorCode, authErrorCodes, limits, meResponseSchema } from '@casino/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, isAppError } from '../../lib/errors';
import { requirePlayer } from '../auth/authenticate';
import type { AvatarService } from './avatar-service';
import { avatarNamePattern, type AvatarStore } from './avatar-store';

export interface AvatarRoutesOptions {
  service: AvatarService;
  store: AvatarStore;
}

// Room for the multipart envelope (boundaries, part headers) around a 1 MiB file.
const envelopeBytes = 64 * 1024;

function fileTooLarge(): AppError {
  return new AppError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    `The file is too large: at most ${limits.avatarMaxBytes / (1024 * 1024)} MB.`,
  );
}

/**
 * A declared Content-Length past the limit is refused before a byte of the body is parsed:
 * the answer goes out at once, and Node discards whatever the client still sends (nothing
 * is buffered). The connection is not closed on purpose: closing a socket with unread data
 * resets it, and the client would then see a network error instead of this 413.
 * Bodies without a length (chunked) are cut off by the multipart limits instead.
 */
function refuseDeclaredOversize(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > limits.avatarMaxBytes + envelopeBytes) throw fileTooLarge();
  done();
}

function malformedBody(): AppError {
  return new AppError(400, ErrorCode.BAD_REQUEST, 'The multipart/form-data body is malformed.');
}

// @fastify/multipart's own limit errors, all 413.
const multipartLimitCodes = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * POST /api/user/change/avatar (multipart, field `file`) and GET /api/avatars/:name.
 * Multipart parsing is registered in this plugin only: everywhere else a multipart body
 * stays a 415, so no other route can be made to buffer uploads.
 */
export const avatarRoutes: FastifyPluginAsyncZod<AvatarRoutesOptions> = async (app, options) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: limits.avatarMaxBytes,
      files: 1,
      fields: 2,
      fieldSize: 1024,
      parts: 3,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });

  app.post(
    '/user/change/avatar',
    {
      onRequest: [app.authenticate, refuseDeclaredOversize],
      schema: {
        tags: ['user'],
        summary: 'Upload a new avatar (multipart field "file": JPEG, PNG, WebP or GIF, ≤ 1 MB)',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: meResponseSchema },
      },
    },
    async (request) => {
      const player = requirePlayer(request);
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          'Send the picture as multipart/form-data.',
        );
      }
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          throw new AppError(400, authErrorCodes.FILE_MISSING, 'Attach the picture as "file".');
        }
        bytes = await part.toBuffer();
        // toBuffer throws on truncation already; this keeps the rule visible here.
        if (part.file.truncated) throw fileTooLarge();
      } catch (error) {
        if (isAppError(error)) throw error;
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && multipartLimitCodes.has(code)) throw fileTooLarge();
        // Only the body is read in here: whatever else the parser throws (no boundary, an end
        // that never comes, garbage after the last part) is the client's malformed body.
        throw malformedBody();
      }
      return options.service.replace(player.id, bytes);
    },
  );

  app.get(
    '/avatars/:name',
    {
      schema: {
        tags: ['user'],
        summary: 'An avatar picture (WebP); the URL never changes its content',
        params: z.object({ name: z.string().regex(avatarNamePattern) }),
      },
    },
    async (request, reply) => {
      const avatar = await options.store.read(request.params.name);
      if (!avatar) throw new AppError(404, ErrorCode.NOT_FOUND, 'No such avatar.');
      return (
        reply
          .type(avatar.contentType)
          // The name is the version: a new upload gets a new URL.
          .header('etag', `"${request.params.name.slice(0, 32)}"`)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'public, max-age=31536000, immutable')
          .send(avatar.bytes)
      );
    },
  );
};

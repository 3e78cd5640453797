import fastifyMultipart from '@fastify/multipart';
import {
  ErrorCode,
  identityDocumentParamsSchema,
  identityErrorCodes,
  identityLimits,
  identityResponseSchema,
} from '@casino/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../lib/errors';
import { requirePlayer } from '../auth/authenticate';
import type { IdentityService } from './identity-service';

export interface IdentityRoutesOptions {
  service: IdentityService;
}

// Room for the multipart envelope (boundaries, part headers) around a 10 MiB file.
const envelopeBytes = 64 * 1024;
const maxMegabytes = identityLimits.documentMaxBytes / (1024 * 1024);

function fileTooLarge(): AppError {
  return new AppError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    `The file is too large: at most ${maxMegabytes} MB.`,
  );
}

/** A declared length past the limit is refused before the body is read (see avatar-routes). */
function refuseDeclaredOversize(request: FastifyRequest, _reply: FastifyReply, done: () => void) {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > identityLimits.documentMaxBytes + envelopeBytes) throw fileTooLarge();
  done();
}

const multipartLimitCodes = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

/**
 * The player's side of the identity check: GET /api/identity and
 * POST /api/identity/documents/:kind (multipart field `file`). Multipart parsing is
 * registered in this plugin only (encapsulated), as for the avatar.
 */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  { service },
) => {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: identityLimits.documentMaxBytes,
      files: 1,
      fields: 2,
      fieldSize: 1024,
      parts: 3,
      headerPairs: 20,
    },
    throwFileSizeLimit: true,
  });

  app.get(
    '/identity',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['identity'],
        summary: "The player's identity check: status, documents sent, and the withdrawal rule",
        security: [{ bearerAuth: [] }],
        response: { 200: identityResponseSchema },
      },
    },
    async (request, reply) => {
      const player = requirePlayer(request);
      return reply.header('cache-control', 'no-store').send(await service.view(player.id));
    },
  );

  app.post(
    '/identity/documents/:kind',
    {
      onRequest: [app.authenticate, refuseDeclaredOversize],
      schema: {
        tags: ['identity'],
        summary:
          'Upload the identity document or the proof of address (multipart field "file": JPEG, PNG or PDF, ≤ 10 MB)',
        description:
          'The type is judged by the first bytes of the file, never by its name or Content-Type: ' +
          '415 IDENTITY_DOCUMENT_UNSUPPORTED otherwise, 400 IDENTITY_DOCUMENT_EMPTY for an empty ' +
          'file, 413 past 10 MB, 409 IDENTITY_ALREADY_VERIFIED once verified. A new upload ' +
          'replaces the document of that kind; with both present the check is pending. 429 ' +
          'RATE_LIMITED past 20 uploads an hour per player.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: identityDocumentParamsSchema,
        response: { 200: identityResponseSchema },
      },
    },
    async (request, reply) => {
      const player = requirePlayer(request);
      if (!request.isMultipart()) {
        throw new AppError(
          415,
          ErrorCode.UNSUPPORTED_MEDIA_TYPE,
          'Send the document as multipart/form-data.',
        );
      }
      // Counted before the body is read: a flood of uploads is refused unparsed.
      await service.admitUpload(player.id);
      let bytes: Buffer;
      try {
        const part = await request.file();
        if (!part || part.fieldname !== 'file') {
          throw new AppError(
            400,
            identityErrorCodes.DOCUMENT_MISSING,
            'Attach the document as "file".',
          );
        }
        bytes = await part.toBuffer();
        if (part.file.truncated) throw fileTooLarge();
      } catch (error) {
        if (isAppError(error)) throw error;
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'string' && multipartLimitCodes.has(code)) throw fileTooLarge();
        throw new AppError(
          400,
          ErrorCode.BAD_REQUEST,
          'The multipart/form-data body is malformed.',
        );
      }
      const answer = await service.upload(player.id, request.params.kind, bytes);
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};

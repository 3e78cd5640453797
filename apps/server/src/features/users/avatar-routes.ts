import { readFile } from 'node:fs/promises';
import { ErrorCode, authErrorCodes, limits, meResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import {
  refuseDeclaredOversize,
  registerUploadParsing,
  requireMultipart,
  withUploadedFile,
} from '../../lib/uploads/upload-pipeline';
import { requirePlayer } from '../auth';
import type { AvatarService } from './avatar-service';
import { avatarNamePattern, type AvatarStore } from './avatar-store';

export interface AvatarRoutesOptions {
  service: AvatarService;
  store: AvatarStore;
}

const avatarUpload = {
  maxBytes: limits.avatarMaxBytes,
  what: 'the picture',
  missingCode: authErrorCodes.FILE_MISSING,
};

/**
 * POST /api/user/change/avatar (multipart, field `file`, through the shared upload pipeline,
 * lib/uploads) and GET /api/avatars/:name.
 */
export const avatarRoutes: FastifyPluginAsyncZod<AvatarRoutesOptions> = async (app, options) => {
  await registerUploadParsing(app, avatarUpload);

  app.post(
    '/user/change/avatar',
    {
      onRequest: [app.authenticate, refuseDeclaredOversize(avatarUpload)],
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
      requireMultipart(request, avatarUpload.what);
      // Streamed to a temporary file by the shared pipeline; a picture of 1 MB at most is
      // then read for sharp.
      const bytes = await withUploadedFile(request, avatarUpload, (file) => readFile(file.path));
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

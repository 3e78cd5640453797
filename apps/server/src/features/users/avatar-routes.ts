import { readFile } from 'node:fs/promises';
import { authErrorCodes, limits, meResponseSchema } from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUploadPipeline, type UploadPipeline } from '../../lib/uploads/upload-pipeline';
import { storedImageRoute } from '../../lib/uploads/stored-image';
import { requirePlayer } from '../auth';
import { avatarDecodeLimits, type AvatarService } from './avatar-service';
import { avatarNamePattern, type AvatarStore } from './avatar-store';

export interface AvatarRoutesOptions {
  service: AvatarService;
  store: AvatarStore;
  /** The instance's avatar uploads (avatarUploads()): one pipeline, one gate. */
  uploads: UploadPipeline;
}

/**
 * Avatars through the shared upload pipeline: 1 MB; decoding is what costs memory (a 4096²
 * PNG is 64 MB of pixels in libvips), so one upload per player at a time (a second is 429),
 * two read and decoded at once per instance, 32 more waiting unread (503 past that). Forty
 * parallel uploads of one player used to take the server from 672 to 953 MB (issue 17).
 */
export function avatarUploads(): UploadPipeline {
  return createUploadPipeline({
    maxBytes: limits.avatarMaxBytes,
    what: 'the picture',
    missingCode: authErrorCodes.FILE_MISSING,
    gate: {
      concurrent: avatarDecodeLimits.decodesAtOnce,
      waiting: 32,
      busy: {
        message: 'An avatar of yours is being processed; wait for it before sending another one.',
        retryAfterSeconds: 1,
      },
    },
  });
}

/**
 * POST /api/user/change/avatar (multipart, field `file`, through the shared upload pipeline,
 * lib/uploads) and GET /api/avatars/:name.
 */
export const avatarRoutes: FastifyPluginAsyncZod<AvatarRoutesOptions> = async (app, options) => {
  const { uploads } = options;
  await uploads.register(app);

  app.post(
    '/user/change/avatar',
    {
      onRequest: [app.authenticate, uploads.refuseDeclaredOversize],
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
      uploads.requireMultipart(request);
      // Streamed to a temporary file by the shared pipeline in the player's and the
      // instance's turn; a picture of 1 MB at most is then read for sharp.
      return uploads.receive(request, player.id, async (file) =>
        options.service.replace(player.id, await readFile(file.path)),
      );
    },
  );

  storedImageRoute(app, {
    url: '/avatars/:name',
    tag: 'user',
    summary: 'An avatar picture (WebP); the URL never changes its content',
    namePattern: avatarNamePattern,
    read: (name) => options.store.read(name),
    missing: 'No such avatar.',
  });
};

import {
  identityDocumentParamsSchema,
  identityErrorCodes,
  identityLimits,
  identityResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createUploadPipeline, type UploadPipeline } from '../../lib/uploads/upload-pipeline';
import { privateRoutes, requirePlayer } from '../auth';
import { sanitiseDocument } from './document-sanitiser';
import type { IdentityService } from './identity-service';

export interface IdentityRoutesOptions {
  service: IdentityService;
  /** The instance's document uploads (documentUploads()): one pipeline, one gate. */
  uploads: UploadPipeline;
}

/**
 * Identity documents through the shared upload pipeline: 10 MB; two read and processed at
 * once per instance, 32 more waiting unread (issue 25).
 */
export function documentUploads(): UploadPipeline {
  return createUploadPipeline({
    maxBytes: identityLimits.documentMaxBytes,
    what: 'the document',
    missingCode: identityErrorCodes.DOCUMENT_MISSING,
    gate: { concurrent: 2, waiting: 32 },
  });
}

/**
 * The player's side of the identity check: GET /api/identity and
 * POST /api/identity/documents/:kind (multipart field `file`, through the shared upload
 * pipeline, lib/uploads, as the avatar).
 */
export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  { service, uploads },
) => {
  const privateRoute = privateRoutes(app, 'identity');
  await uploads.register(app);

  privateRoute(
    'GET',
    '/identity',
    "The player's identity check: status, documents sent, and the withdrawal rule",
    { response: { 200: identityResponseSchema } },
    (player) => service.view(player.id),
  );

  app.post(
    '/identity/documents/:kind',
    {
      onRequest: [app.authenticate, uploads.refuseDeclaredOversize],
      schema: {
        tags: ['identity'],
        summary:
          'Upload the identity document or the proof of address (multipart field "file": JPEG, PNG or PDF, ≤ 10 MB)',
        description:
          'The type is judged by the first bytes of the file, never by its name or Content-Type: ' +
          '415 IDENTITY_DOCUMENT_UNSUPPORTED otherwise, 400 IDENTITY_DOCUMENT_EMPTY for an empty ' +
          'file, 413 past 10 MB, 422 IDENTITY_DOCUMENT_REFUSED for a picture over 50 megapixels ' +
          'or a PDF with active content (scripts, actions, embedded files), a password or HTML; ' +
          'pictures are re-encoded. 409 IDENTITY_ALREADY_VERIFIED once verified. A new upload ' +
          'replaces the document of that kind; with both present the check is pending. 429 ' +
          'RATE_LIMITED past 20 uploads an hour per player or while another of theirs is ' +
          'processed; 503 with Retry-After when too many are waiting on this instance.',
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        params: identityDocumentParamsSchema,
        response: { 200: identityResponseSchema },
      },
    },
    async (request, reply) => {
      const player = requirePlayer(request);
      uploads.requireMultipart(request);
      // Counted before the body is read: a flood of uploads is refused unparsed.
      await service.admitUpload(player.id);
      await service.assertMayUpload(player.id);
      // One at a time per player, a few at a time per instance (the rest wait unread); the
      // file streams to disk, is judged and made safe off the event loop, and is stored in
      // chunks (issue 25).
      const answer = await uploads.receive(request, player.id, async (file) =>
        service.upload(player.id, request.params.kind, await sanitiseDocument(file)),
      );
      return reply.header('cache-control', 'no-store').send(answer);
    },
  );
};

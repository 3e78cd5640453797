import {
  operatorIdentityCheckSchema,
  operatorIdentityDocumentParamsSchema,
  operatorIdentityListSchema,
  operatorIdentityParamsSchema,
  operatorIdentityQuerySchema,
  operatorIdentityRejectSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperatorToken } from '../wallet';
import { extensionOf } from './document-type';
import type { IdentityService } from './identity-service';

export interface IdentityOperatorRoutesOptions {
  service: IdentityService;
  /** OPERATOR_API_TOKEN; the caller registers nothing without it. */
  token: string;
}

/** /api/operator/identity/… (operator token): review the players' identity checks. */
export const identityOperatorRoutes: FastifyPluginAsyncZod<IdentityOperatorRoutesOptions> = (
  app,
  { service, token },
) => {
  app.get(
    '/operator/identity/checks',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Identity checks in a status (pending by default), oldest submission first',
        querystring: operatorIdentityQuerySchema,
        response: { 200: operatorIdentityListSchema },
      },
    },
    async (request, reply) => {
      const data = await service.list(request.query.status, request.query.limit);
      return reply.header('cache-control', 'no-store').send({ data });
    },
  );

  app.get(
    '/operator/identity/checks/:userId/documents/:kind',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: "A player's document (identity or address), as a download",
        description:
          'Served with the type sniffed at upload, as an attachment, with nosniff and a ' +
          'sandboxing Content-Security-Policy: a browser never runs it as a page of this site.',
        params: operatorIdentityDocumentParamsSchema,
      },
    },
    async (request, reply) => {
      const { userId, kind } = request.params;
      const document = await service.document(userId, kind);
      request.log.info({ userId, kind }, 'identity document read by the operator');
      return (
        reply
          .type(document.contentType)
          .header(
            'content-disposition',
            `attachment; filename="${kind}.${extensionOf[document.contentType]}"`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'no-store')
          .header('x-document-sha256', document.sha256)
          .header('content-length', String(document.size))
          // Read a chunk at a time: a 10 MB document never sits whole in memory here.
          .send(document.content())
      );
    },
  );

  app.post(
    '/operator/identity/checks/:userId/verify',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Marks a pending identity check verified',
        description:
          'Verifying again is answered as done; 409 IDENTITY_NOT_PENDING for a check not pending.',
        params: operatorIdentityParamsSchema,
        response: { 200: operatorIdentityCheckSchema },
      },
    },
    async (request, reply) => {
      const check = await service.verify(request.params.userId);
      return reply.header('cache-control', 'no-store').send(check);
    },
  );

  app.post(
    '/operator/identity/checks/:userId/reject',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Rejects a pending identity check with a reason the player is shown',
        params: operatorIdentityParamsSchema,
        body: operatorIdentityRejectSchema,
        response: { 200: operatorIdentityCheckSchema },
      },
    },
    async (request, reply) => {
      const check = await service.reject(request.params.userId, request.body.reason);
      return reply.header('cache-control', 'no-store').send(check);
    },
  );
  return Promise.resolve();
};

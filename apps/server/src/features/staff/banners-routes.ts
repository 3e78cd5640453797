import { readFile } from 'node:fs/promises';
import { authErrorCodes, bannerLimits } from '@casino/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createUploadPipeline } from '../../lib/uploads/upload-pipeline';
import type { BannerChange } from '../banners';
import { auditedRoutes, changeAudit } from './audit-step';
import { contextOf, staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * The home carousel's banners in the back office (issue 30, decision 090): `banners:manage`
 * (marketing, admin) lists, creates, edits, uploads art, orders and retires them; each change
 * writes its audit row in its own transaction (decision 081).
 */
export function bannersRoutes(app: FastifyInstance, s: StaffServices): void {
  const banners = () => app.banners;
  const audit = (request: FastifyRequest, action: string) =>
    changeAudit<BannerChange>(s.clock, request, action, 'banner');
  // The retirement is the one banner change with a reason.
  const audited = auditedRoutes(app, s.clock);

  staffRoute(app, 'banners.list', async (_input, reply) => reply.send(await banners().list()));

  staffRoute(app, 'banners.create', async ({ body, request }, reply) =>
    reply.code(201).send(await banners().create(body, audit(request, 'banners.create'))),
  );

  staffRoute(app, 'banners.update', async ({ params, body, request }, reply) =>
    reply.send(await banners().update(params.bannerId, body, audit(request, 'banners.update'))),
  );

  staffRoute(app, 'banners.reorder', async ({ body, request }, reply) =>
    reply.send(await banners().reorder(body.ids, audit(request, 'banners.reorder'))),
  );

  audited('banners.retire', 'banner', async ({ params }, audit, reply) =>
    reply.send(await banners().retire(params.bannerId, audit)),
  );

  // Art goes through the shared upload pipeline (lib/uploads, as avatars): multipart parsing
  // in this child scope only, the declared size refused before the body is read, one upload
  // per staff member at a time and two decoded at once per instance.
  const uploads = createUploadPipeline({
    maxBytes: bannerLimits.artMaxBytes,
    what: 'the picture',
    missingCode: authErrorCodes.FILE_MISSING,
    gate: { concurrent: 2, waiting: 8 },
  });
  void app.register(async (scope) => {
    await uploads.register(scope);
    scope.addHook('onRequest', uploads.refuseDeclaredOversize);
    staffRoute(scope, 'banners.art', async ({ params, request }, reply) => {
      uploads.requireMultipart(request);
      const actor = contextOf(request).actor.id;
      return reply.send(
        await uploads.receive(request, actor, async (file) =>
          banners().uploadArt(
            params.bannerId,
            params.cut,
            await readFile(file.path),
            audit(request, 'banners.art'),
          ),
        ),
      );
    });
  });
}

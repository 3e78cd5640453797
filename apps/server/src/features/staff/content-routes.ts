import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentChange } from '../content';
import { changeAudit } from './audit-step';
import { staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * The FAQ and the information pages in the back office (issue 30, decision 092):
 * `content:manage` (support, marketing, admin). Each change's audit row is written in the
 * change's own transaction (decision 081).
 */
export function contentRoutes(app: FastifyInstance, s: StaffServices): void {
  const content = () => app.content;
  const audit = (request: FastifyRequest, action: string) =>
    changeAudit<ContentChange>(s.clock, request, action, (change) => change.kind);

  staffRoute(app, 'content.pages', async (_input, reply) =>
    reply.send({ data: await content().pages() }),
  );
  staffRoute(app, 'content.page', async ({ params }, reply) =>
    reply.send(await content().page(params.slug)),
  );
  staffRoute(app, 'content.page.save', async ({ params, body, request }, reply) =>
    reply.send(await content().saveDraft(params.slug, body, audit(request, 'content.page.save'))),
  );
  staffRoute(app, 'content.page.publish', async ({ params, request }, reply) =>
    reply.send(await content().publish(params.slug, audit(request, 'content.page.publish'))),
  );
  staffRoute(app, 'content.faq', async (_input, reply) =>
    reply.send({ data: await content().faq() }),
  );
  staffRoute(app, 'content.faq.create', async ({ body, request }, reply) =>
    reply.code(201).send(await content().createFaq(body, audit(request, 'content.faq.create'))),
  );
  staffRoute(app, 'content.faq.order', async ({ body, request }, reply) =>
    reply.send({
      data: await content().reorderFaq(body.ids, audit(request, 'content.faq.order')),
    }),
  );
  staffRoute(app, 'content.faq.update', async ({ params, body, request }, reply) =>
    reply.send(
      await content().updateFaq(params.entryId, body, audit(request, 'content.faq.update')),
    ),
  );
  staffRoute(app, 'content.faq.delete', async ({ params, request }, reply) =>
    reply.send({
      data: await content().removeFaq(params.entryId, audit(request, 'content.faq.delete')),
    }),
  );
}

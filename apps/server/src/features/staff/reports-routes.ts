import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ReportsService } from '../reports';
import { staffRoute } from './staff-scope';

/**
 * The reports feature's figures as rows of the staff route table (`reports:finance`: the
 * payments and admin roles). Days, weeks (from Monday) and months are local to
 * REPORTS_TIME_ZONE, named in every answer (decision 075). The CSV is streamed one period at a
 * time, never built whole.
 */
export function reportsRoutes(scope: FastifyInstance, service: ReportsService): void {
  staffRoute(scope, 'reports.summary', async ({ query }, reply) =>
    reply.send(await service.summary(query)),
  );

  staffRoute(scope, 'reports.summary.csv', ({ query }, reply) => {
    const name = `report-${query.by}-${query.period}-${query.from}-${query.to}.csv`;
    return Promise.resolve(
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(service.summaryCsv(query))),
    );
  });

  staffRoute(scope, 'reports.liability', async ({ query }, reply) =>
    reply.send(await service.liability(query)),
  );
}

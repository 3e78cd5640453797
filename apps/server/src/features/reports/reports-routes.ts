import { Readable } from 'node:stream';
import {
  reportLiabilityQuerySchema,
  reportLiabilityResponseSchema,
  reportSummaryQuerySchema,
  reportSummaryResponseSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperatorToken } from '../wallet/operator-routes';
import type { ReportsService } from './reports-service';

export interface ReportsRoutesOptions {
  service: ReportsService;
  /** OPERATOR_API_TOKEN; the caller registers nothing without it. */
  token: string;
}

/**
 * /api/operator/reports/* (operator token, until the staff scope's permission table takes
 * them: decision 075). Read-only; answers are never cached by a proxy.
 */
export const reportsRoutes: FastifyPluginAsyncZod<ReportsRoutesOptions> = (
  app,
  { service, token },
) => {
  const zone = `Days, weeks (from Monday) and months are local to REPORTS_TIME_ZONE (now ${service.timeZone}), named in every answer.`;

  app.get(
    '/operator/reports/summary',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Stakes, wins, GGR, bonus cost, NGR, players and the cashier per period',
        description: `by=all|provider|game|country, period=day|week|month, from/to inclusive (widened to whole periods). ${zone} Definitions: docs/decisions/075.`,
        querystring: reportSummaryQuerySchema,
        response: { 200: reportSummaryResponseSchema },
      },
    },
    async (request, reply) => {
      const report = await service.summary(request.query);
      return reply.header('cache-control', 'no-store').send(report);
    },
  );

  app.get(
    '/operator/reports/summary.csv',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'The summary report as CSV, streamed one period at a time',
        description: `The same query and columns as /operator/reports/summary; the first line names the time zone. ${zone}`,
        querystring: reportSummaryQuerySchema,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const name = `report-${q.by}-${q.period}-${q.from}-${q.to}.csv`;
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(Readable.from(service.summaryCsv(q)));
    },
  );

  app.get(
    '/operator/reports/liability',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'What the casino owes its players (cash and bonus) at the end of a day',
        description: `from alone: that day; from and to: each day of the range. ${zone}`,
        querystring: reportLiabilityQuerySchema,
        response: { 200: reportLiabilityResponseSchema },
      },
    },
    async (request, reply) => {
      const report = await service.liability(request.query);
      return reply.header('cache-control', 'no-store').send(report);
    },
  );

  return Promise.resolve();
};

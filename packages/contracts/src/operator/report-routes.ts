import {
  reportLiabilityQuerySchema,
  reportLiabilityResponseSchema,
  reportSummaryCsvQuerySchema,
  reportSummaryQuerySchema,
  reportSummaryResponseSchema,
} from '../reports';
import { auditQuerySchema, auditResponseSchema } from './audit';
import { route, type StaffRoute } from './route';

/** Reports and the audit log. */
export const reportRoutes = {
  // The finance reports (issue 30, decision 075): read-only aggregates, no player's data.
  'reports.summary': route({
    method: 'GET',
    path: '/api/operator/reports/summary',
    permission: 'reports:finance',
    audit: 'none',
    summary:
      'Stakes, wins, GGR, bonus cost, NGR, players and the cashier per period: one page of rows',
    querystring: reportSummaryQuerySchema,
    response: { 200: reportSummaryResponseSchema },
  }),
  'reports.summary.csv': route({
    method: 'GET',
    path: '/api/operator/reports/summary.csv',
    permission: 'reports:finance',
    audit: 'none',
    summary: 'The summary report as CSV: every row of the range, streamed a page at a time',
    querystring: reportSummaryCsvQuerySchema,
  }),
  'reports.liability': route({
    method: 'GET',
    path: '/api/operator/reports/liability',
    permission: 'reports:finance',
    audit: 'none',
    summary: 'What the casino owes its players (cash and bonus) at the end of a day',
    querystring: reportLiabilityQuerySchema,
    response: { 200: reportLiabilityResponseSchema },
  }),

  'audit.search': route({
    method: 'GET',
    path: '/api/operator/audit',
    permission: 'audit:read',
    audit: 'none',
    summary: 'The audit log, newest first, filtered',
    querystring: auditQuerySchema,
    response: { 200: auditResponseSchema },
  }),
} as const satisfies Record<string, StaffRoute>;

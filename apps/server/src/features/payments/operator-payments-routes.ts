import {
  operatorRejectRequestSchema,
  operatorWithdrawalsQuerySchema,
  operatorWithdrawalsResponseSchema,
  paymentIdParamsSchema,
  paymentSchema,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireOperatorToken } from '../wallet';
import type { CashierDeps } from './cashier-deps';
import { paymentView } from './payment-view';
import { approveWithdrawal, rejectWithdrawal } from './withdrawals';

export interface OperatorPaymentsRoutesOptions {
  deps: CashierDeps;
  /** OPERATOR_API_TOKEN; the caller registers nothing without it. */
  token: string;
}

/** /api/operator/payments/withdrawals/:id/{approve,reject} (operator token). */
export const operatorPaymentsRoutes: FastifyPluginAsyncZod<OperatorPaymentsRoutesOptions> = (
  app,
  { deps, token },
) => {
  app.get(
    '/operator/payments/withdrawals',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Withdrawals waiting for a decision (pending) or for their payout (processing)',
        querystring: operatorWithdrawalsQuerySchema,
        response: { 200: operatorWithdrawalsResponseSchema },
      },
    },
    async (request, reply) => {
      const rows = await deps.repo.withdrawalsIn(request.query.status, request.query.limit);
      return reply
        .header('cache-control', 'no-store')
        .send({ data: rows.map((row) => ({ ...paymentView(row), user_id: row.userId })) });
    },
  );

  app.post(
    '/operator/payments/withdrawals/:id/approve',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Approves a pending withdrawal: the payout is sent to the card',
        description:
          'pending → processing, then paid or failed (money back) as the card service reports. ' +
          'Approving again is safe (the payout is keyed by the payment). 409 ' +
          'PAYMENT_NOT_PENDING for a cancelled or rejected one.',
        params: paymentIdParamsSchema,
        response: { 200: paymentSchema },
      },
    },
    async (request, reply) => {
      const row = await approveWithdrawal(deps, request.params.id);
      request.log.info({ paymentId: row.id, status: row.status }, 'withdrawal approved');
      return reply.header('cache-control', 'no-store').send(paymentView(row));
    },
  );

  app.post(
    '/operator/payments/withdrawals/:id/reject',
    {
      onRequest: requireOperatorToken(token),
      schema: {
        tags: ['operator'],
        summary: 'Rejects a pending withdrawal: the money goes back to the balance',
        params: paymentIdParamsSchema,
        body: operatorRejectRequestSchema,
        response: { 200: paymentSchema },
      },
    },
    async (request, reply) => {
      const row = await rejectWithdrawal(deps, request.params.id, request.body.reason);
      request.log.info({ paymentId: row.id }, 'withdrawal rejected');
      return reply.header('cache-control', 'no-store').send(paymentView(row));
    },
  );
  return Promise.resolve();
};

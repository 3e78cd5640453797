import {
  walletTransactionsQuerySchema,
  walletTransactionsResponseSchema,
  type WalletTransaction,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requirePlayer } from '../auth/authenticate';
import type { Ledger } from './ledger';
import type { LedgerEntry } from './ledger-types';
import { formatMoney } from './money';
import { operatorProvider } from './posting-validation';

export interface TransactionsRoutesOptions {
  ledger: Ledger;
}

/** GET /api/wallet/transactions: the signed-in player's own ledger, for the balance page. */
export const transactionsRoutes: FastifyPluginAsyncZod<TransactionsRoutesOptions> = (
  app,
  { ledger },
) => {
  app.get(
    '/wallet/transactions',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['wallet'],
        summary: "The player's own money movements, newest first",
        description:
          'Keyset pages: pass `next_before` as `before` for older ones. Amounts are signed ' +
          "decimal strings. Movements of 0 (a lost round's empty win) are left out.",
        security: [{ bearerAuth: [] }],
        querystring: walletTransactionsQuerySchema,
        response: { 200: walletTransactionsResponseSchema },
      },
    },
    async (request, reply) => {
      // Only ever the caller's own id: no parameter names a player.
      const player = requirePlayer(request);
      const { limit, before } = request.query;
      const page = await ledger.listEntries(
        player.id,
        before === undefined ? { limit } : { limit, before },
      );
      return reply
        .header('cache-control', 'no-store')
        .send({ data: page.entries.map(toTransaction), next_before: page.nextBefore });
    },
  );
  return Promise.resolve();
};

function toTransaction(entry: LedgerEntry): WalletTransaction {
  return {
    id: entry.id,
    kind: entry.kind,
    amount: formatMoney(entry.amount),
    balance_after: formatMoney(entry.balanceAfter),
    currency: entry.currency,
    provider: entry.provider === operatorProvider ? null : entry.provider,
    game_id: entry.gameId,
    round_id: entry.roundId,
    created_at: entry.createdAt.toISOString(),
  };
}

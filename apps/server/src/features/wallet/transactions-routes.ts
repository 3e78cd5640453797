import {
  walletTransactionsQuerySchema,
  walletTransactionsResponseSchema,
  type WalletTransaction,
} from '@casino/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/database';
import { requirePlayer } from '../auth';
import type { Ledger } from './ledger';
import type { LedgerEntry } from './ledger-types';
import { formatMoney } from './money';
import { operatorProvider } from './posting-validation';
import { transactionDetailsFor, type TransactionDetails } from './transaction-details';
import { gameNamesFor, type GameRef } from './transaction-game-names';

export interface TransactionsRoutesOptions {
  ledger: Ledger;
  /** Where the games' display names are read (the catalog's games table). */
  db: Database;
}

/** GET /api/wallet/transactions: the signed-in player's own ledger, for the balance page. */
export const transactionsRoutes: FastifyPluginAsyncZod<TransactionsRoutesOptions> = (
  app,
  { ledger, db },
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
          "decimal strings. Movements of 0 (a lost round's empty win) are left out. " +
          '`game_name` is the catalog name of the game, or null when the catalog has none. ' +
          '`payment` names the cashier payment behind a deposit, withdrawal or reversal (card ' +
          'brand and last four digits, or crypto network); `bonus` the promo code and offer ' +
          'behind a bonus movement. A row with neither, no provider and kind adjustment is a ' +
          'staff adjustment.',
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
      const [gameName, details] = await Promise.all([
        gameNamesFor(db, page.entries.flatMap(gameRefOf)),
        transactionDetailsFor(db, player.id, page.entries),
      ]);
      return reply.header('cache-control', 'no-store').send({
        data: page.entries.map((entry) => toTransaction(entry, gameName, details)),
        next_before: page.nextBefore,
      });
    },
  );
  return Promise.resolve();
};

/** The entry's game, when a studio posted it for one. */
function gameRefOf(entry: LedgerEntry): GameRef[] {
  if (entry.provider === operatorProvider || entry.gameId === null) return [];
  return [{ provider: entry.provider, gameId: entry.gameId }];
}

function toTransaction(
  entry: LedgerEntry,
  gameName: (ref: GameRef) => string | null,
  details: TransactionDetails,
): WalletTransaction {
  const [game] = gameRefOf(entry);
  return {
    id: entry.id,
    kind: entry.kind,
    amount: formatMoney(entry.amount),
    balance_after: formatMoney(entry.balanceAfter),
    currency: entry.currency,
    provider: entry.provider === operatorProvider ? null : entry.provider,
    game_id: entry.gameId,
    game_name: game ? gameName(game) : null,
    round_id: entry.roundId,
    created_at: entry.createdAt.toISOString(),
    payment: details.payment(entry),
    bonus: details.bonus(entry),
  };
}

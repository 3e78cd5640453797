import type {
  CardDepositRequest,
  CardWithdrawalRequest,
  CryptoNetwork,
  CryptoWithdrawalRequest,
} from '@casino/contracts';
import type { Database } from '../../db/database';
import type { InTransaction } from '../../db/in-transaction';
import type { PaymentStatus } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { BonusService } from '../bonus';
import type { IdentityService } from '../identity';
import type { RgService } from '../responsible-gaming';
import type { Ledger } from '../wallet';
import type { CardPaymentProvider, ProviderEvent } from './card/card-provider';
import { reconcileCardDeposit, startCardDeposit } from './card-deposits';
import { notFound } from './cashier-rules';
import type { CryptoEvent, CryptoPaymentProvider } from './crypto/crypto-provider';
import { applyCryptoEvent, startCryptoDeposit, withPayableAddress } from './crypto-deposits';
import type { PaymentsConfig } from './payments-config';
import {
  paymentsRepository,
  type PaymentRow,
  type PaymentsRepository,
} from './payments-repository';
import { applyWebhookEvent } from './webhook-events';
import {
  approveWithdrawal,
  cancelWithdrawal,
  reconcileWithdrawal,
  rejectWithdrawal,
} from './withdrawal-endings';
import {
  requestCardWithdrawal,
  requestCryptoWithdrawal,
  type SecondFactor,
} from './withdrawal-requests';

/** What the cashier needs from outside; its modules take it as their first argument. */
export interface PaymentsServiceDeps {
  db: Database;
  repo: PaymentsRepository;
  ledger: Ledger;
  clock: Clock;
  logger: Logger;
  config: PaymentsConfig;
  /** Undefined when CARD_PAYMENTS_MODE=off. */
  card: CardPaymentProvider | undefined;
  /** Undefined when CRYPTO_PAYMENTS_MODE=off. */
  crypto: CryptoPaymentProvider | undefined;
  /** The identity check: a withdrawal may need a verified identity (decision 052). */
  identity: Pick<IdentityService, 'assertMayWithdraw'>;
  /** A withdrawal while a bonus is active forfeits it, once confirmed (decision 062). */
  bonus: Pick<BonusService, 'withdrawForfeiting'>;
  /**
   * Responsible gaming (decision 070): a new deposit is refused before the payment service
   * hears of it when a block holds or it is over a deposit limit, and its payment row is
   * written in the same locked transaction as the limit check (decision 082).
   */
  responsibleGaming: Pick<RgService, 'assertMayDeposit' | 'admitDeposit'>;
  /** Where the 3-D Secure page sends the player back to (our deposit page). */
  returnUrl: (paymentId: string) => string;
}

/** A payment a submission created (201) or found under its idempotency key (200). */
export interface Submitted {
  payment: PaymentRow;
  created: boolean;
}

/**
 * The cashier (README.md here): deposits, withdrawals, the services' reports and the
 * operator's decisions, every movement of money a posting of the wallet. Routes, webhooks,
 * reconciliation and the back office call only this; the steps live in card-deposits.ts,
 * crypto-deposits.ts, withdrawal-requests.ts, withdrawal-endings.ts and webhook-events.ts.
 */
export function createPaymentsService(
  input: Omit<PaymentsServiceDeps, 'repo'> & { repo?: PaymentsRepository },
) {
  const deps: PaymentsServiceDeps = { ...input, repo: input.repo ?? paymentsRepository(input.db) };
  const { repo } = deps;
  return {
    /** The configured limits and the providers switched on (GET /api/payments/config). */
    config: deps.config,
    card: deps.card,
    crypto: deps.crypto,

    startCardDeposit: (userId: string, body: CardDepositRequest): Promise<Submitted> =>
      startCardDeposit(deps, userId, body),
    startCryptoDeposit: (
      userId: string,
      body: { amount: string; net: CryptoNetwork; idempotency_key: string },
    ): Promise<Submitted> => startCryptoDeposit(deps, userId, body),
    requestCardWithdrawal: (
      userId: string,
      body: CardWithdrawalRequest,
      secondFactor?: SecondFactor,
    ): Promise<Submitted> => requestCardWithdrawal(deps, userId, body, secondFactor),
    requestCryptoWithdrawal: (
      userId: string,
      body: CryptoWithdrawalRequest,
      secondFactor?: SecondFactor,
    ): Promise<Submitted> => requestCryptoWithdrawal(deps, userId, body, secondFactor),
    cancelWithdrawal: (userId: string, paymentId: string) =>
      cancelWithdrawal(deps, userId, paymentId),
    approveWithdrawal: (paymentId: string, audit?: InTransaction<PaymentRow>) =>
      approveWithdrawal(deps, paymentId, audit),
    rejectWithdrawal: (
      paymentId: string,
      reason: string | undefined,
      audit?: InTransaction<PaymentRow>,
    ) => rejectWithdrawal(deps, paymentId, reason, audit),

    /** A verified card-service event / crypto IPN: deduplicated, checked, applied forward. */
    applyCardEvent: (provider: string, event: ProviderEvent) =>
      applyWebhookEvent(deps, provider, event),
    applyCryptoEvent: (provider: string, event: CryptoEvent) =>
      applyCryptoEvent(deps, provider, event),

    /** One row a stopped process or a missing webhook left half-way, put right. */
    reconcile: (payment: PaymentRow) =>
      payment.direction === 'deposit'
        ? reconcileCardDeposit(deps, payment)
        : reconcileWithdrawal(deps, payment),
    unfinished: repo.unfinished.bind(repo),

    /** Reads: the player's own (another player's is "not found"), the operator's queue. */
    async own(userId: string, paymentId: string): Promise<PaymentRow> {
      const row = await repo.own(userId, paymentId);
      if (!row) throw notFound();
      return withPayableAddress(deps, userId, row);
    },
    byId: (paymentId: string) => repo.byId(paymentId),
    async listOwn(userId: string, limit: number): Promise<PaymentRow[]> {
      const rows = await repo.listOwn(userId, limit);
      return Promise.all(rows.map((row) => withPayableAddress(deps, userId, row)));
    },
    savedCards: (userId: string) => repo.savedCards(userId),
    withdrawalsIn: (status: PaymentStatus, limit: number) => repo.withdrawalsIn(status, limit),
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

import {
  cardDepositRequestSchema,
  cardWithdrawalRequestSchema,
  cryptoDepositRequestSchema,
  cryptoWithdrawalRequestSchema,
  cryptoNetworks,
  paymentIdParamsSchema,
  paymentSchema,
  paymentsConfigResponseSchema,
  paymentsListQuerySchema,
  paymentsListResponseSchema,
  savedCardsResponseSchema,
} from '@casino/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  limitedPosts,
  privateRoutes,
  requirePlayer,
  signedInRoutes,
  type SubmissionDoc,
} from '../auth';
import { cashierCurrency, dollars } from './cashier-rules';
import type { PaymentRow } from './payments-repository';
import type { PaymentsService, Submitted } from './payments-service';
import { paymentView } from './payment-view';

export interface PaymentsRoutesOptions {
  service: PaymentsService;
}

/**
 * Per client address: far above what a player clicks, far below what a script testing stolen
 * card tokens or flooding the gateway with addresses needs.
 */
const submissionRateLimit = { max: 60, timeWindow: '1 minute' };

/** /api/payments/*: the signed-in player's cashier. Every query is scoped to the caller. */
export const paymentsRoutes: FastifyPluginAsyncZod<PaymentsRoutesOptions> = (app, { service }) => {
  const testWalletUrl = service.crypto?.testWalletUrl?.bind(service.crypto);
  const view = (row: PaymentRow) => paymentView(row, { testWalletUrl });
  const signedIn = signedInRoutes(app, 'payments');

  const privateRoute = privateRoutes(app, 'payments');

  privateRoute(
    'GET',
    '/payments/config',
    'Limits and where the browser tokenises a card',
    { response: { 200: paymentsConfigResponseSchema } },
    () => {
      const { deposit, withdrawal } = service.config.limits;
      const browser = service.card?.browserConfig();
      return Promise.resolve({
        currency: cashierCurrency,
        limits: {
          deposit: { min: dollars(deposit.min), max: dollars(deposit.max) },
          withdrawal: { min: dollars(withdrawal.min), max: dollars(withdrawal.max) },
        },
        card: browser
          ? { tokenize_url: browser.tokenizeUrl, publishable_key: browser.publishableKey }
          : null,
        crypto: service.crypto ? { networks: [...cryptoNetworks] } : null,
      });
    },
  );

  privateRoute(
    'GET',
    '/payments/cards',
    'Cards the player deposited with (where withdrawals may go)',
    { response: { 200: savedCardsResponseSchema } },
    async (player) => ({
      data: (await service.savedCards(player.id)).map((c) => ({
        payment_method: c.cardToken,
        brand: c.cardBrand,
        last4: c.cardLast4,
      })),
    }),
  );

  privateRoute(
    'GET',
    '/payments',
    "The player's own deposits and withdrawals, newest first",
    { querystring: paymentsListQuerySchema, response: { 200: paymentsListResponseSchema } },
    async (player, request) => ({
      data: (await service.listOwn(player.id, request.query.limit)).map(view),
    }),
  );

  privateRoute(
    'GET',
    '/payments/:id',
    'One of the player’s payments (404 for anyone else’s)',
    { params: paymentIdParamsSchema, response: { 200: paymentSchema } },
    async (player, request) => view(await service.own(player.id, request.params.id)),
  );

  /**
   * The four submissions that create a payment: one shape. Signed in, 60 a minute per client
   * address, 201 with the new payment or 200 with the one a repeated key made.
   */
  const post = limitedPosts(app, 'payments', submissionRateLimit);
  const submission = <Body extends z.ZodType>(
    path: string,
    doc: SubmissionDoc<Body>,
    submit: (playerId: string, body: z.output<Body>, request: FastifyRequest) => Promise<Submitted>,
  ) =>
    post(
      path,
      doc,
      { 200: paymentSchema, 201: paymentSchema },
      async (player, body, request, reply) => {
        const { payment, created } = await submit(player.id, body, request);
        return reply.code(created ? 201 : 200).send(view(payment));
      },
    );
  /**
   * The two withdrawals: a submission whose request the service makes behind the two-factor
   * gate (decision 051), asked only for a new key.
   */
  const withdrawal = <Body extends z.ZodType<{ twoFactorCode?: string | undefined }>>(
    path: string,
    doc: SubmissionDoc<Body>,
    requestWithdrawal: (
      playerId: string,
      body: z.output<Body>,
      secondFactor: () => Promise<void>,
    ) => Promise<Submitted>,
  ) =>
    submission(path, doc, (playerId, body, request) =>
      requestWithdrawal(playerId, body, () =>
        app.auth.twoFactor.requireCode(playerId, body.twoFactorCode, request.ip, 'twoFactorCode'),
      ),
    );

  submission(
    '/payments/card/deposits',
    {
      summary: 'Deposits by card: the token from the card service, never the card',
      description:
        '201 with the new payment, 200 with the same payment for a repeated ' +
        '`idempotency_key`. `status` succeeded (credited), failed (`failure` says why), ' +
        'or requires_action: open `redirect_url` (3-D Secure), which returns to the deposit ' +
        'page; the deposit is credited when the card service confirms it. 409 ' +
        'IDEMPOTENCY_CONFLICT for a key used for another payment; 503 when the card ' +
        'service does not answer (send the same request again).',
      body: cardDepositRequestSchema,
    },
    (playerId, body) => service.startCardDeposit(playerId, body),
  );

  submission(
    '/payments/crypto/deposits',
    {
      summary: 'Deposits by crypto: an address and an amount in the coin of the network',
      description:
        '`net` ETH (default), BNC or TRC. 201 with `crypto.address` and `crypto.pay_amount` ' +
        '(status pending); processing once coins arrive and are being confirmed; then ' +
        'succeeded (credited), partially_paid (what arrived is credited) or expired. 200 ' +
        'with the same payment for a repeated `idempotency_key`.',
      body: cryptoDepositRequestSchema,
    },
    (playerId, body) => service.startCryptoDeposit(playerId, body),
  );

  withdrawal(
    '/payments/card/withdrawals',
    {
      summary: 'Withdraws to a card the player deposited with',
      description:
        'The amount leaves the balance at once (status pending) until an operator approves ' +
        'or rejects it, or the player cancels it. 409 INSUFFICIENT_FUNDS over the balance ' +
        '(nothing is kept); 201 new, 200 for a repeated `idempotency_key`. With two-factor ' +
        'sign-in on, `twoFactorCode` is required for a new key (403 TWO_FACTOR_REQUIRED).',
      body: cardWithdrawalRequestSchema,
    },
    service.requestCardWithdrawal,
  );

  withdrawal(
    '/payments/crypto/withdrawals',
    {
      summary: 'Withdraws in the coin of a network to an address',
      description:
        '`net` ETH (default), BNC or TRC; `address` in that network’s shape. The amount ' +
        'leaves the balance at once (pending) until an operator approves (the payout is ' +
        'sent) or rejects it, or the player cancels it. 409 INSUFFICIENT_FUNDS over the ' +
        'balance; 201 new, 200 for a repeated `idempotency_key`. With two-factor sign-in on, ' +
        '`twoFactorCode` is required for a new key (403 TWO_FACTOR_REQUIRED).',
      body: cryptoWithdrawalRequestSchema,
    },
    service.requestCryptoWithdrawal,
  );

  app.post(
    '/payments/:id/cancel',
    signedIn('Cancels the player’s own pending withdrawal; the money comes back', {
      description: '409 PAYMENT_NOT_PENDING once it is processing, paid or ended.',
      params: paymentIdParamsSchema,
      response: { 200: paymentSchema },
    }),
    async (request, reply) => {
      const row = await service.cancelWithdrawal(requirePlayer(request).id, request.params.id);
      return reply.send(view(row));
    },
  );
  return Promise.resolve();
};

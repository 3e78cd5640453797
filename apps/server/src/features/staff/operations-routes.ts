import { walletErrorCodes, type SupportThreadStatus } from '@casino/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/errors';
import { extensionOf } from '../identity';
import { paymentView } from '../payments';
import { findUserId } from '../users';
import { formatMoney, fromDecimalString } from '../wallet';
import { IdempotencyConflict, InsufficientFunds, UnknownPlayer } from '../wallet';
import { appendAuditAfter } from './audit-log';
import type { FourEyes } from './four-eyes';
import { auditStep, type AuditFields } from './audit-step';
import { auditOf, actorName } from './staff-actor';
import { muteInChat } from './player-action-routes';
import { contextOf, staffRoute } from './staff-scope';
import type { StaffServices } from './staff-services';

/**
 * The operator routes that lived in six features (wallet, payments, identity, chat, support,
 * two-factor reset), now rows of the staff route table behind the one guard. Paths and answers
 * are unchanged; each change is audited with its actor (a person or the service account).
 */

/** The wallet's own error codes in the API's shape (as the wallet's operator route did). */
function walletError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  code: string,
  message: string,
) {
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send({ error: { code, message, requestId: request.id } });
}

const playerNotFound = (request: FastifyRequest, reply: FastifyReply) =>
  walletError(request, reply, 404, walletErrorCodes.PLAYER_NOT_FOUND, 'No such player.');

/** POST /wallet/adjustments and /players/:id/adjustments: the ledger's answers, or 202. */
export async function adjust(
  fourEyes: FourEyes,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { userId: string; amount: string; reason: string; idempotencyKey: string },
) {
  const amount = fromDecimalString(input.amount, { scale: 2, allowNegative: true });
  try {
    const outcome = await fourEyes.requestAdjustment(contextOf(request), { ...input, amount });
    if (outcome.kind === 'waiting') {
      return reply
        .code(202)
        .send({ outcome: 'awaiting_second_approval', approval: outcome.approval });
    }
    const { result } = outcome;
    return reply.send({
      outcome: result.outcome,
      transaction_id: result.transactionId,
      user_id: input.userId,
      amount: formatMoney(result.entry.amount),
      balance_after: formatMoney(result.balanceAfter),
      balance: formatMoney(result.balance),
      currency: result.currency,
    });
  } catch (error) {
    if (error instanceof InsufficientFunds) {
      return walletError(
        request,
        reply,
        409,
        walletErrorCodes.INSUFFICIENT_FUNDS,
        `The balance is ${formatMoney(error.balance)}: this debit would take it below zero.`,
      );
    }
    if (error instanceof IdempotencyConflict) {
      return walletError(
        request,
        reply,
        409,
        walletErrorCodes.IDEMPOTENCY_CONFLICT,
        `This idempotency key was used for a different adjustment (${error.fields.join(', ')} differ).`,
      );
    }
    if (error instanceof UnknownPlayer) return playerNotFound(request, reply);
    throw error;
  }
}

export function operationsRoutes(app: FastifyInstance, s: StaffServices): void {
  /** A sensitive read's row, in a transaction of its own before the bytes go. */
  const auditRead = (request: FastifyRequest, entry: AuditFields) =>
    appendAuditAfter(s.db, s.clock.now(), auditOf(contextOf(request), entry));
  /** A change's row, handed to the service to write in the change's transaction. */
  const step = <T>(request: FastifyRequest, entry: (changed: T) => AuditFields) =>
    auditStep(s.clock, contextOf(request), entry);

  staffRoute(app, 'wallet.adjust', async ({ body, request }, reply) => {
    const userId = await findUserId(s.db, body.user);
    if (userId === undefined) return playerNotFound(request, reply);
    return adjust(s.fourEyes, request, reply, { ...body, userId });
  });

  staffRoute(app, 'players.twoFactorReset', async ({ params, request }) => {
    const reset = await s.twoFactor.reset(
      params.userId,
      step(request, (wasOn: boolean) => ({
        action: 'players.twoFactorReset',
        targetKind: 'player',
        targetId: params.userId,
        after: { reset: wasOn },
      })),
    );
    return { reset };
  });

  // Withdrawals.
  staffRoute(app, 'withdrawals.list', async ({ query }) => ({
    data: await s.withdrawals.list(query.status, query.limit),
  }));
  staffRoute(app, 'withdrawals.approve', async ({ params, request }, reply) => {
    const outcome = await s.fourEyes.approveWithdrawal(contextOf(request), params.id);
    if (outcome.kind === 'waiting') {
      return reply
        .code(202)
        .send({ outcome: 'awaiting_second_approval', approval: outcome.approval });
    }
    request.log.info(
      { paymentId: params.id, status: outcome.payment.status },
      'withdrawal approved',
    );
    return paymentView(outcome.payment);
  });
  staffRoute(app, 'withdrawals.reject', async ({ params, body, request }) => {
    const row = await s.fourEyes.rejectWithdrawal(contextOf(request), params.id, body.reason);
    return paymentView(row);
  });

  // Identity checks.
  staffRoute(app, 'identity.list', async ({ query }) => ({
    data: await s.identity.list(query.status, query.limit),
  }));
  staffRoute(app, 'identity.check', async ({ params }) => {
    const player = await s.players.player(params.userId);
    if (!player) throw new AppError(404, 'NOT_FOUND', 'No such player.');
    const { withdrawal: _withdrawal, ...check } = await s.identity.view(params.userId);
    return { user_id: player.id, username: player.username, ...check };
  });
  staffRoute(app, 'identity.document', async ({ params, request }, reply) => {
    const { userId, kind } = params;
    const document = await s.identity.document(userId, kind);
    // A sensitive read: audited before a byte is sent.
    await auditRead(request, {
      action: 'identity.document',
      targetKind: 'player',
      targetId: userId,
      after: { kind, sha256: document.sha256 },
    });
    return (
      reply
        .type(document.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${kind}.${extensionOf[document.contentType]}"`,
        )
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-document-sha256', document.sha256)
        .header('content-length', String(document.size))
        // Read a chunk at a time: a 10 MB document never sits whole in memory here.
        .send(document.content())
    );
  });
  /** An identity check's review (verify, reject): the status it moved from and to. */
  const review = (
    request: FastifyRequest,
    action: 'identity.verify' | 'identity.reject',
    userId: string,
    reason?: string,
  ) =>
    step(request, (moved: { from: string; to: string }) => ({
      action,
      targetKind: 'player',
      targetId: userId,
      before: { status: moved.from },
      after: { status: moved.to },
      reason,
    }));
  staffRoute(app, 'identity.verify', async ({ params, request }) =>
    s.identity.verify(params.userId, review(request, 'identity.verify', params.userId)),
  );
  staffRoute(app, 'identity.reject', async ({ params, body, request }) =>
    s.identity.reject(
      params.userId,
      body.reason,
      review(request, 'identity.reject', params.userId, body.reason),
    ),
  );

  // Chat moderation.
  staffRoute(app, 'chat.messages', async ({ query }) => {
    const rows = await s.players.chatMessages(undefined, query.limit, query.before);
    return {
      data: rows.map((m) => ({
        id: m.id,
        user_id: m.user_id,
        username: m.username,
        text: m.body,
        created_at: m.created_at.toISOString(),
        hidden: m.hidden,
        author_muted_until: m.muted_until?.toISOString() ?? null,
      })),
    };
  });
  staffRoute(app, 'chat.hide', async ({ params, request }) => {
    const found = await s.chat.hide(
      BigInt(params.id),
      actorName(contextOf(request).actor),
      step(request, () => ({
        action: 'chat.hide',
        targetKind: 'chat-message',
        targetId: params.id,
        after: { hidden: true },
      })),
    );
    if (!found) throw new AppError(404, 'NOT_FOUND', 'No such chat message.');
    return { id: params.id, hidden: true as const };
  });
  staffRoute(app, 'chat.mute', async ({ body, request }, reply) => {
    const userId = await findUserId(s.db, body.user);
    if (userId === undefined) return playerNotFound(request, reply);
    return muteInChat(s, request, userId, body.minutes, body.reason);
  });

  // Support desk.
  staffRoute(app, 'support.threads', async ({ query }) => {
    const threads = await s.support.threads(query.status);
    return {
      data: threads.map((t) => ({
        user_id: t.userId,
        username: t.username,
        last_message_at: t.lastMessageAt.toISOString(),
        unread: t.unread,
        waiting: t.waiting,
        status: t.status,
        closed_at: t.closedAt?.toISOString() ?? null,
      })),
    };
  });
  const noThread = () => new AppError(404, 'NOT_FOUND', 'This player has no support thread.');
  staffRoute(app, 'support.thread', async ({ params }) => {
    const { userId } = params;
    const username = await s.support.username(userId);
    const { messages } = username === undefined ? { messages: [] } : await s.support.thread(userId);
    if (username === undefined || messages.length === 0) throw noThread();
    return { user_id: userId, username, messages };
  });
  staffRoute(app, 'support.answer', async ({ params, body, request }, reply) => {
    const message = await s.support.answer(
      params.userId,
      body.text,
      step(request, (stored) => ({
        action: 'support.answer',
        targetKind: 'player',
        targetId: params.userId,
        after: { message_id: stored.id },
      })),
    );
    if (!message) throw noThread();
    return reply.code(201).send(message);
  });
  const closing = (id: 'support.close' | 'support.reopen') =>
    staffRoute(app, id, async ({ params, request }) => {
      const { userId } = params;
      const audit = step(request, (to: SupportThreadStatus) => ({
        action: id,
        targetKind: 'player',
        targetId: userId,
        before: { closed: to !== 'closed' },
        after: { status: to },
      }));
      const status =
        id === 'support.close'
          ? await s.support.close(userId, actorName(contextOf(request).actor), audit)
          : await s.support.reopen(userId, audit);
      if (status === undefined) throw noThread();
      return { user_id: userId, status };
    });
  closing('support.close');
  closing('support.reopen');
}

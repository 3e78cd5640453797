import type { StaffRouteId } from '@casino/contracts/operator';
import { bannerScenarios } from '../banners/banner-audit-scenarios';
import { bonusScenarios } from '../bonus/bonus-audit-scenarios';
import { contentScenarios } from '../content/content-audit-scenarios';
import { gameScenarios } from '../games/game-audit-scenarios';
import { createPlayer, type SignedInPlayer } from '../helpers/players';
import { submitBoth } from '../identity/identity-helpers';
import { fundedByCard, withdraw } from '../payments/payments-helpers';
import {
  asStaff,
  completeSetup,
  cookieOf,
  createStaff,
  invite,
  login,
  nextCode,
  tokenOfLink,
  type StaffApp,
  type StaffMember,
} from './staff-helpers';

/**
 * The audit log test's scenarios (audit-log.test.ts): for every route that changes something
 * or reads sensitive data, a call of it as the admin (or as whom it names) that must leave an
 * audit row. The content, banner, bonus and game routes' scenarios are their folders' own.
 */

export type Scenario = (ctx: { admin: StaffMember; player: SignedInPlayer }) => Promise<{
  status: number;
  body: string;
  /** Who the audit row must name (the admin unless said). */
  actor?: string;
}>;

const uuidOfBody = (body: string, key = 'id') => (JSON.parse(body) as Record<string, string>)[key];

export function auditScenarios(
  t: StaffApp,
  admin: StaffMember,
  player: SignedInPlayer,
): Partial<Record<StaffRouteId, Scenario>> {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    asStaff(t, admin, method, url, payload);
  const p = () => `/api/operator/players/${player.id}`;
  const pendingWithdrawal = async () => {
    const someone = await createPlayer(t);
    const token = await fundedByCard(t, someone, '100.00');
    const res = await withdraw(t, someone, { amount: '40.00', payment_method: token });
    return uuidOfBody(res.body) ?? '';
  };
  const waitingApproval = async () => {
    const other = await createStaff(t, ['payments']);
    const res = await asStaff(t, other, 'POST', `${p()}/adjustments`, {
      amount: '750.00',
      reason: 'four-eyes',
      idempotencyKey: crypto.randomUUID(),
    });
    return (JSON.parse(res.body) as { approval: { id: string } }).approval.id;
  };

  return {
    'auth.setup.complete': async () => {
      const created = await invite(t, ['support']);
      await completeSetup(t, tokenOfLink(created.setupLink), 'a long enough password');
      return { status: 204, body: '', actor: created.account.id };
    },
    'auth.login': async () => {
      const res = await login(t, admin.email, admin.password, nextCode(t, admin.secret));
      return { status: res.statusCode, body: res.body };
    },
    'auth.logout': async () => {
      const cookie = cookieOf(
        await login(t, admin.email, admin.password, nextCode(t, admin.secret)),
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/operator/auth/logout',
        headers: { cookie },
      });
      return { status: res.statusCode, body: res.body };
    },
    'auth.sessions.end': async () => {
      const cookie = cookieOf(
        await login(t, admin.email, admin.password, nextCode(t, admin.secret)),
      );
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/operator/auth/sessions',
        headers: { cookie },
      });
      const current = list
        .json<{ data: { id: string; current: boolean }[] }>()
        .data.find((s) => s.current);
      const res = await call('DELETE', `/api/operator/auth/sessions/${current?.id}`);
      return { status: res.statusCode, body: res.body };
    },
    'players.ledger.csv': async () => {
      const res = await call('GET', `${p()}/ledger.csv`);
      return { status: res.statusCode, body: res.body };
    },
    'players.sessions.end': async () => {
      const list = await call('GET', `${p()}/sessions`);
      const id = list.json<{ data: { id: string }[] }>().data[0]?.id;
      const res = await call('DELETE', `${p()}/sessions/${id}`);
      return { status: res.statusCode, body: res.body };
    },
    'players.sessions.endAll': async () => {
      const res = await call('DELETE', `${p()}/sessions`);
      return { status: res.statusCode, body: res.body };
    },
    'players.notes.add': async () => {
      const res = await call('POST', `${p()}/notes`, { text: 'called about a bonus' });
      return { status: res.statusCode, body: res.body };
    },
    'players.tags': async () => {
      const res = await call('PUT', `${p()}/tags`, { tags: ['vip', 'watch'] });
      return { status: res.statusCode, body: res.body };
    },
    'players.rg.limit': async () => {
      const res = await call(
        'POST',
        `/api/operator/responsible-gaming/players/${player.id}/limits`,
        {
          kind: 'deposit',
          period: 'day',
          amount: '100.00',
          reason: 'affordability check',
        },
      );
      return { status: res.statusCode, body: res.body };
    },
    'players.rg.block': async () => {
      // A player of its own: a time-out would refuse the other scenarios' deposits.
      const someone = await createPlayer(t);
      const res = await call(
        'POST',
        `/api/operator/responsible-gaming/players/${someone.id}/blocks`,
        {
          kind: 'time_out',
          duration: '24h',
          reason: 'asked on the phone',
        },
      );
      return { status: res.statusCode, body: res.body };
    },
    'players.block': async () => {
      const res = await call('POST', `${p()}/block`, { reason: 'chargeback' });
      return { status: res.statusCode, body: res.body };
    },
    'players.unblock': async () => {
      const res = await call('POST', `${p()}/unblock`, { reason: 'resolved' });
      return { status: res.statusCode, body: res.body };
    },
    'players.adjust': async () => {
      const res = await call('POST', `${p()}/adjustments`, {
        amount: '25.00',
        reason: 'goodwill',
        idempotencyKey: crypto.randomUUID(),
      });
      return { status: res.statusCode, body: res.body };
    },
    'players.mute': async () => {
      const res = await call('POST', `${p()}/chat-mute`, { minutes: 10, reason: 'spam' });
      return { status: res.statusCode, body: res.body };
    },
    'players.twoFactorReset': async () => {
      const res = await call('POST', `/api/operator/users/${player.id}/two-factor/reset`);
      return { status: res.statusCode, body: res.body };
    },
    'wallet.adjust': async () => {
      const res = await call('POST', '/api/operator/wallet/adjustments', {
        user: player.username,
        amount: '5.00',
        reason: 'test',
        idempotencyKey: crypto.randomUUID(),
      });
      return { status: res.statusCode, body: res.body };
    },
    'withdrawals.approve': async () => {
      const res = await call(
        'POST',
        `/api/operator/payments/withdrawals/${await pendingWithdrawal()}/approve`,
      );
      return { status: res.statusCode, body: res.body };
    },
    'withdrawals.reject': async () => {
      const res = await call(
        'POST',
        `/api/operator/payments/withdrawals/${await pendingWithdrawal()}/reject`,
        {
          reason: 'card mismatch',
        },
      );
      return { status: res.statusCode, body: res.body };
    },
    'approvals.approve': async () => {
      const res = await call('POST', `/api/operator/approvals/${await waitingApproval()}/approve`);
      return { status: res.statusCode, body: res.body };
    },
    'approvals.reject': async () => {
      const res = await call('POST', `/api/operator/approvals/${await waitingApproval()}/reject`, {
        reason: 'no',
      });
      return { status: res.statusCode, body: res.body };
    },
    'identity.document': async () => {
      const someone = await createPlayer(t);
      await submitBoth(t, someone);
      const res = await call(
        'GET',
        `/api/operator/identity/checks/${someone.id}/documents/identity`,
      );
      return { status: res.statusCode, body: '' };
    },
    'identity.verify': async () => {
      const someone = await createPlayer(t);
      await submitBoth(t, someone);
      const res = await call('POST', `/api/operator/identity/checks/${someone.id}/verify`);
      return { status: res.statusCode, body: res.body };
    },
    'identity.reject': async () => {
      const someone = await createPlayer(t);
      await submitBoth(t, someone);
      const res = await call('POST', `/api/operator/identity/checks/${someone.id}/reject`, {
        reason: 'blurred',
      });
      return { status: res.statusCode, body: res.body };
    },
    'chat.hide': async () => {
      // Another player: this one is muted by the scenario before.
      const author = await createPlayer(t);
      const message = await t.app.chat.post(author.id, 'hello room');
      const res = await call('POST', `/api/operator/chat/messages/${message.id}/hide`);
      return { status: res.statusCode, body: res.body };
    },
    'chat.mute': async () => {
      const res = await call('POST', '/api/operator/chat/mutes', {
        user: player.id,
        minutes: 0,
        reason: 'lifted',
      });
      return { status: res.statusCode, body: res.body };
    },
    'support.answer': async () => {
      await t.app.support.ask(player.id, 'where is my withdrawal?');
      const res = await call('POST', `/api/operator/support/threads/${player.id}/messages`, {
        text: 'On its way.',
      });
      return { status: res.statusCode, body: res.body };
    },
    'support.close': async () => {
      await t.app.support.ask(player.id, 'thanks, all good');
      const res = await call('POST', `/api/operator/support/threads/${player.id}/close`);
      return { status: res.statusCode, body: res.body };
    },
    'support.reopen': async () => {
      const res = await call('POST', `/api/operator/support/threads/${player.id}/reopen`);
      return { status: res.statusCode, body: res.body };
    },
    'staff.create': async () => {
      const res = await call('POST', '/api/operator/staff', {
        email: `new-${Date.now()}@orbita.test`,
        roles: ['support'],
      });
      return { status: res.statusCode, body: res.body };
    },
    'staff.setupLink': async () => {
      const other = await createStaff(t, ['support']);
      const res = await call('POST', `/api/operator/staff/${other.id}/setup-link`);
      return { status: res.statusCode, body: res.body };
    },
    'staff.roles': async () => {
      const other = await createStaff(t, ['support']);
      const res = await call('PUT', `/api/operator/staff/${other.id}/roles`, {
        roles: ['support', 'risk'],
      });
      return { status: res.statusCode, body: res.body };
    },
    'staff.disable': async () => {
      const other = await createStaff(t, ['support']);
      const res = await call('POST', `/api/operator/staff/${other.id}/disable`, { reason: 'left' });
      return { status: res.statusCode, body: res.body };
    },
    'staff.enable': async () => {
      const other = await createStaff(t, ['support']);
      await call('POST', `/api/operator/staff/${other.id}/disable`, { reason: 'left' });
      const res = await call('POST', `/api/operator/staff/${other.id}/enable`, { reason: 'back' });
      return { status: res.statusCode, body: res.body };
    },
    ...gameScenarios(() => t, call),
    ...contentScenarios(call),
    ...bannerScenarios(
      () => t,
      () => admin,
      call,
    ),
    ...bonusScenarios(() => t, call),
    'staff.sessions.endAll': async () => {
      const other = await createStaff(t, ['support']);
      const res = await call('DELETE', `/api/operator/staff/${other.id}/sessions`);
      return { status: res.statusCode, body: res.body };
    },
  };
}

import type { Payment } from '@casino/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CommandIo } from '../../src/commands/command';
import { paymentsReview } from '../../src/commands/payments-review';
import { runCommand } from '../../src/commands/run-command';
import { expectLedgerClean } from '../helpers/ledger';
import { createPlayer, type SignedInPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  balanceOf,
  buildCashierApp,
  fundedByCard,
  operatorToken,
  withdraw,
} from '../payments/payments-helpers';

const runPaymentsReviewCommand = ({ args, ...io }: CommandIo & { args: string[] }) =>
  runCommand(paymentsReview, args, io);

/**
 * `npm run payments:review`: the operator's withdrawal decisions from a terminal, through the
 * running server's operator API (issue 11: "command and operator API").
 */

let t: TestApp;
let url: string;
let player: SignedInPlayer;
let card: string;

beforeAll(async () => {
  t = await buildCashierApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  player = await createPlayer(t);
  card = await fundedByCard(t, player, '100.00');
});

afterAll(async () => {
  await t.close();
});

async function review(args: string[], env: Record<string, string> = {}) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runPaymentsReviewCommand({
    args,
    env: { OPERATOR_API_TOKEN: operatorToken, PUBLIC_URL: url, ...env },
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

async function pendingWithdrawal(amount: string): Promise<Payment> {
  const res = await withdraw(t, player, { amount, payment_method: card });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Payment>();
}

describe('npm run payments:review', () => {
  it('lists the pending withdrawals with amount, card and player', async () => {
    const payment = await pendingWithdrawal('21.00');
    const { code, out } = await review(['list']);
    expect(code).toBe(0);
    expect(out.find((l) => l.startsWith(payment.id))).toMatch(
      new RegExp(`^${payment.id} {2}pending {2}21\\.00 USD {2}visa •••• 4242 {2}${player.id} `),
    );
    await review(['reject', payment.id]);
  });

  it('rejects with a reason: the money is back on the balance', async () => {
    const before = await balanceOf(t, player);
    const payment = await pendingWithdrawal('25.00');
    const { code, out } = await review(['reject', payment.id, '--reason', 'documents missing']);
    expect(code).toBe(0);
    expect(out[0]).toMatch(new RegExp(`^rejected: ${payment.id} {2}rejected {2}25\\.00 USD`));
    expect(await balanceOf(t, player)).toBe(before);
    await expectLedgerClean(t.db);
  });

  it('approves: the payout is on its way; a second decision is refused, naming why', async () => {
    const payment = await pendingWithdrawal('20.00');
    const approved = await review(['approve', payment.id]);
    expect(approved.code).toBe(0);
    expect(approved.out[0]).toMatch(new RegExp(`^approved: ${payment.id} {2}processing `));
    const again = await review(['reject', payment.id]);
    expect(again.code).toBe(1);
    expect(again.err[0]).toMatch(/^refused \(409 PAYMENT_NOT_PENDING\): /);
    await expectLedgerClean(t.db);
  });

  it('refuses without the operator token, with a wrong one, or for a server that does not answer', async () => {
    const noToken = await runPaymentsReviewCommand({
      args: ['list'],
      env: { PUBLIC_URL: url },
      out: () => undefined,
      err: () => undefined,
    });
    expect(noToken).toBe(1);
    const wrong = await review(['list'], { OPERATOR_API_TOKEN: 'x'.repeat(40) });
    expect(wrong.code).toBe(1);
    expect(wrong.err[0]).toMatch(/^refused \(401 /);
    const down = await review(['list'], { PUBLIC_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.err[0]).toMatch(/^the server at http:\/\/127\.0\.0\.1:9 did not answer/);
  });

  it('explains its usage for anything else', async () => {
    for (const args of [[], ['approve'], ['delete', 'x'], ['list', '--bogus']]) {
      const { code, err } = await review(args);
      expect(code, args.join(' ')).toBe(1);
      expect(err.join('\n')).toContain('usage: payments:review');
    }
  });
});

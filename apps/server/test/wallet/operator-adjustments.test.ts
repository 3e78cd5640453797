import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { operatorAdjustmentResponseSchema } from '@casino/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { ledgerEntries } from '../../src/db/schema';
import { createLogger } from '../../src/lib/logger';
import { expectLedgerClean } from '../helpers/ledger';
import { createPlayer, errorOf, me, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

const token = 'operator-token-0123456789abcdefghijklmnopqrstuv';
const url = '/api/operator/wallet/adjustments';
const logLines: string[] = [];

let t: TestApp;
let alice: SignedInPlayer;

beforeAll(async () => {
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  t = await buildTestApp({
    env: { OPERATOR_API_TOKEN: token },
    logger: createLogger({ logLevel: 'info', env: 'test' }, destination),
  });
  alice = await createPlayer(t);
});

afterAll(async () => {
  await expectLedgerClean(t.db);
  // Neither the token nor a body with it reached the log.
  expect(logLines.join('')).not.toContain(token);
  expect(logLines.join('')).not.toContain(token.slice(0, 20));
  await t.close();
});

interface Body {
  user?: unknown;
  amount?: unknown;
  reason?: unknown;
  idempotencyKey?: unknown;
}

/** `authorization: null` sends no Authorization header. */
function adjust(body: Body, authorization: string | null = `Bearer ${token}`, app = t) {
  return app.app.inject({
    method: 'POST',
    url,
    headers: authorization === null ? {} : { authorization },
    payload: body as Record<string, unknown>,
  });
}

function fund(user: string, amount: string, key: string = randomUUID()) {
  return adjust({ user, amount, reason: 'test funds', idempotencyKey: key });
}

async function balanceOf(player: SignedInPlayer): Promise<string> {
  return (await me(t, player.accessToken)).json<{ balance: string }>().balance;
}

describe('POST /api/operator/wallet/adjustments', () => {
  it('takes no bearer token while OPERATOR_API_TOKEN is unset (401: staff sessions only)', async () => {
    const bare = await buildTestApp();
    try {
      const res = await adjust(
        { user: 'x', amount: '1.00', reason: 'r', idempotencyKey: 'k' },
        `Bearer ${token}`,
        bare,
      );
      expect(res.statusCode).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHORIZED');
    } finally {
      await bare.close();
    }
  });

  it('refuses a token shorter than 32 characters at start-up', () => {
    expect(() => loadConfig({ OPERATOR_API_TOKEN: 'short' })).toThrow(
      /OPERATOR_API_TOKEN: must be at least 32 characters long/,
    );
    // The value itself is never echoed.
    expect(() => loadConfig({ OPERATOR_API_TOKEN: 'short-secret-value' })).not.toThrow(
      /short-secret-value/,
    );
  });

  it('answers 401 without the token or with a wrong one, before reading the body, moving nothing', async () => {
    const body = { user: alice.username, amount: '5.00', reason: 'r', idempotencyKey: 'k-401' };
    for (const authorization of [
      null,
      `Bearer ${token.slice(0, -1)}x`,
      `Bearer ${token}x`,
      `Basic ${token}`,
      token,
      `Bearer ${alice.accessToken}`,
    ]) {
      const res = await adjust(body, authorization);
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(errorOf(res).code).toBe('UNAUTHORIZED');
    }
    // A malformed body with a wrong token is still a 401, not a validation error.
    expect((await adjust({ amount: 'nope' }, 'Bearer wrong')).statusCode).toBe(401);
    expect(await balanceOf(alice)).toBe('0.00');
  });

  it('credits a player found by username, e-mail or id; the row records the operator API', async () => {
    const byName = await fund(alice.username.toUpperCase(), '100.00');
    expect(byName.statusCode, byName.body).toBe(200);
    const first = operatorAdjustmentResponseSchema.parse(byName.json());
    expect(first).toMatchObject({
      outcome: 'applied',
      user_id: alice.id,
      amount: '100.00',
      balance_after: '100.00',
      balance: '100.00',
      currency: 'USD',
    });
    expect(byName.headers['cache-control']).toBe('no-store');

    const byEmail = operatorAdjustmentResponseSchema.parse(
      (await fund(alice.email, '0.50')).json(),
    );
    expect(byEmail.balance).toBe('100.50');
    const byId = operatorAdjustmentResponseSchema.parse((await fund(alice.id, '1.25')).json());
    expect(byId).toMatchObject({ outcome: 'applied', balance: '101.75' });
    expect(await balanceOf(alice)).toBe('101.75');

    const [row] = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, BigInt(first.transaction_id)));
    expect(row).toMatchObject({
      kind: 'adjustment',
      actor: 'operator-api',
      reason: 'test funds',
      amount: 100_000n,
    });
  });

  it('debits, and refuses a debit below zero with 409 INSUFFICIENT_FUNDS, moving nothing', async () => {
    const bob = await createPlayer(t);
    await fund(bob.username, '10.00');
    const debit = await fund(bob.username, '-2.50');
    expect(debit.statusCode).toBe(200);
    expect(debit.json()).toMatchObject({ amount: '-2.50', balance: '7.50' });

    const over = await fund(bob.username, '-7.51');
    expect(over.statusCode).toBe(409);
    expect(errorOf(over)).toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(errorOf(over).message).toContain('7.50');
    expect(await balanceOf(bob)).toBe('7.50');

    const all = await fund(bob.username, '-7.50');
    expect(all.json()).toMatchObject({ balance: '0.00' });
  });

  it('is idempotent on the key: the same call again moves nothing and answers the first posting', async () => {
    const carol = await createPlayer(t);
    const key = `fund-${randomUUID()}`;
    const first = operatorAdjustmentResponseSchema.parse(
      (await fund(carol.email, '20.00', key)).json(),
    );
    await fund(carol.email, '1.00');
    const again = await fund(carol.email, '20.00', key);
    expect(again.statusCode).toBe(200);
    expect(operatorAdjustmentResponseSchema.parse(again.json())).toEqual({
      ...first,
      outcome: 'replayed',
      // The balance now; balance_after stays the first application's.
      balance: '21.00',
    });
    expect(await balanceOf(carol)).toBe('21.00');

    // The same key with other content is refused and moves nothing.
    const other = await fund(carol.email, '25.00', key);
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe('IDEMPOTENCY_CONFLICT');
    expect(errorOf(other).message).toContain('amount');
    const otherReason = await adjust({
      user: carol.email,
      amount: '20.00',
      reason: 'another reason',
      idempotencyKey: key,
    });
    expect(errorOf(otherReason).code).toBe('IDEMPOTENCY_CONFLICT');
    expect(await balanceOf(carol)).toBe('21.00');
  });

  it('answers 404 PLAYER_NOT_FOUND for nobody', async () => {
    for (const user of ['nobody_here', 'nobody@example.com', randomUUID()]) {
      const res = await fund(user, '1.00');
      expect(res.statusCode, user).toBe(404);
      expect(errorOf(res).code).toBe('PLAYER_NOT_FOUND');
    }
  });

  it('refuses malformed amounts and missing fields with 400 VALIDATION_FAILED, moving nothing', async () => {
    const before = await balanceOf(alice);
    const valid = { user: alice.username, amount: '1.00', reason: 'r', idempotencyKey: 'k' };
    const bad: Body[] = [
      { ...valid, amount: '1' },
      { ...valid, amount: '1.5' },
      { ...valid, amount: '1.005' },
      { ...valid, amount: '1e3' },
      { ...valid, amount: '+1.00' },
      { ...valid, amount: ' 1.00' },
      { ...valid, amount: '0.00' },
      { ...valid, amount: '-0.00' },
      { ...valid, amount: '1000000000.00' },
      { ...valid, amount: 1 },
      { ...valid, reason: '   ' },
      { ...valid, reason: undefined },
      { ...valid, idempotencyKey: '' },
      { ...valid, idempotencyKey: 'k'.repeat(201) },
      { ...valid, user: '' },
    ];
    for (const body of bad) {
      const res = await adjust(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    }
    expect(await balanceOf(alice)).toBe(before);
  });

  it('takes the largest amount the contract allows: above 500.00 it waits for a second approval', async () => {
    const dave = await createPlayer(t);
    const res = await fund(dave.id, '999999999.99');
    // Four-eyes (issue 28): nothing moves until a different staff member approves.
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      outcome: 'awaiting_second_approval',
      approval: { amount: '999999999.99', status: 'waiting', requested_by: 'service' },
    });
    expect(await balanceOf(dave)).toBe('0.00');
  });
});

import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerClean } from '../helpers/ledger';
import {
  bearer,
  codeSentTo,
  createPlayer,
  errorOf,
  login,
  me,
  register,
  verify,
  type SignedInPlayer,
} from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import { submitBoth } from '../identity/identity-helpers';
import {
  buildCashierApp,
  fundedByCard,
  operatorToken,
  withdraw,
} from '../payments/payments-helpers';

// The system's time, moved forward on demand (past the e-mail resend wait).
let offsetMs = 0;
const clock = { now: () => new Date(Date.now() + offsetMs) };
let t: TestApp;
beforeAll(async () => {
  t = await buildCashierApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const adjust = (player: SignedInPlayer, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/operator/wallet/adjustments',
    headers: { authorization: `Bearer ${operatorToken}` },
    payload: { user: player.username, amount, reason: 'test', idempotencyKey: randomUUID() },
  });

const close = (player: SignedInPlayer, password = player.password) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/close',
    headers: bearer(player.accessToken),
    payload: { password },
  });

const exportOf = (player: SignedInPlayer) =>
  t.app.inject({ method: 'GET', url: '/api/user/export', headers: bearer(player.accessToken) });

async function ledgerRows(userId: string): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    `select count(*)::int as n from ledger_entries where user_id = '${userId}'`,
  );
  return rows[0]?.n ?? 0;
}

describe('data export', () => {
  it('a JSON file to download with the profile, sessions, transactions, payments and identity', async () => {
    const player = await createPlayer(t);
    await fundedByCard(t, player, '50.00');
    expect((await adjust(player, '5.00')).statusCode).toBe(200);
    await submitBoth(t, player);

    const res = await exportOf(player);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orbita-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json<Record<string, unknown>>();
    expect(data).toMatchObject({
      format: 'orbita-player-data',
      version: 1,
      profile: {
        id: player.id,
        username: player.username,
        email: player.email,
        date_of_birth: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as unknown,
      },
      terms_acceptances: [{ terms_version: '1', privacy_version: '1' }],
      sessions: [{ end_reason: null }],
      wallet: { currency: 'USD', balance: '55.000', bonus_balance: '0.000' },
      transactions: [
        { kind: 'deposit', amount: '50.000', balance_after: '50.000' },
        { kind: 'adjustment', amount: '5.000', balance_after: '55.000' },
      ],
      payments: [{ direction: 'deposit', status: 'succeeded', amount: '50.00' }],
      bonuses: [],
      two_factor: { enabled_at: null },
      identity: {
        status: 'pending',
        documents: [
          { kind: 'address', content_type: 'application/pdf' },
          { kind: 'identity', content_type: 'image/jpeg' },
        ],
      },
    });
    // Never a secret: no password hash, no card token, no document bytes, no refresh tokens.
    expect(res.body).not.toMatch(/argon2|password_hash|card_token|%PDF|token_hash/i);
  });

  it('needs the player token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/user/export' });
    expect(res.statusCode).toBe(401);
  });
});

describe('account closure', () => {
  it('is refused with a wrong password, with money on the balance, and with a withdrawal on its way', async () => {
    const player = await createPlayer(t);
    const wrong = await close(player, 'Not-The-Password-1');
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong).code).toBe('WRONG_PASSWORD');

    const token = await fundedByCard(t, player, '100.00');
    const rich = await close(player);
    expect(rich.statusCode).toBe(409);
    expect(errorOf(rich)).toMatchObject({
      code: 'ACCOUNT_CLOSE_BALANCE_NOT_ZERO',
      message: 'Your balance is $100.00: withdraw it before closing the account.',
    });

    // All of it asked for: the balance is 0 but the money has not left yet.
    expect(
      (await withdraw(t, player, { amount: '100.00', payment_method: token })).statusCode,
    ).toBe(201);
    const waiting = await close(player);
    expect(waiting.statusCode).toBe(409);
    expect(errorOf(waiting)).toMatchObject({
      code: 'ACCOUNT_CLOSE_WITHDRAWAL_PENDING',
      message: 'A withdrawal is still on its way: close the account once it is paid or cancelled.',
    });
    // Still a working account.
    expect((await me(t, player.accessToken)).statusCode).toBe(200);
  });

  it('at zero: sessions end, personal data goes, the ledger stays, no login, a new sign-up is a new account', async () => {
    const player = await createPlayer(t);
    expect((await adjust(player, '30.00')).statusCode).toBe(200);
    expect((await adjust(player, '-30.00')).statusCode).toBe(200);
    await submitBoth(t, player);
    // A two-factor key and a recovery code (decision 051), which must go with the account.
    // The key's set-up is not confirmed: a confirmed one asks closure for a code (tested in
    // two-factor-gates.test.ts).
    await t.db.execute(
      `insert into two_factor_authenticators (user_id, secret_ciphertext, enabled_at, created_at, updated_at)
       values ('${player.id}', 'sealed', null, now(), now())`,
    );
    await t.db.execute(
      `insert into two_factor_recovery_codes (id, user_id, code_hash, created_at)
       values ('${randomUUID()}', '${player.id}', 'hash', now())`,
    );
    const rowsBefore = await ledgerRows(player.id);
    expect(rowsBefore).toBe(2);
    // The documents' bytes: files in the data folder on the embedded database, chunks on
    // PostgreSQL (identity's document-storage.ts). Both go with the account.
    const documentBytes = async () => {
      const files = await readdir(join(t.config.dataDir, 'identity-documents', player.id)).catch(
        (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? null : Promise.reject(error)),
      );
      const chunks = await t.db.execute<{ n: number }>(
        `select count(*)::int as n from identity_document_chunks where user_id = '${player.id}'`,
      );
      return { files: files?.length ?? null, chunks: chunks.rows[0]?.n };
    };
    expect(await documentBytes()).toEqual(
      t.db.driver === 'pglite' ? { files: 2, chunks: 0 } : { files: null, chunks: 2 },
    );

    const res = await close(player);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ closed_at: string }>().closed_at).toMatch(/^\d{4}-/);
    expect(String(res.headers['set-cookie'])).toMatch(/^refresh_token=; Max-Age=0/);

    // Every session ended at once.
    expect((await me(t, player.accessToken)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { refresh_token: player.refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);
    // No login by the old e-mail and password.
    const again = await login(t, player.email, player.password);
    expect(again.statusCode).toBe(401);
    expect(errorOf(again).code).toBe('INVALID_CREDENTIALS');

    // The ledger is untouched and balanced; the personal data is gone.
    expect(await ledgerRows(player.id)).toBe(rowsBefore);
    await expectLedgerClean(t.db);
    const { rows } = await t.db.execute<{
      username: string;
      email: string;
      date_of_birth: string | null;
      avatar: string | null;
      password_hash: string;
    }>(
      `select username, email, date_of_birth, avatar, password_hash from users where id = '${player.id}'`,
    );
    const tag = player.id.replaceAll('-', '');
    expect(rows[0]).toEqual({
      username: `closed-${tag}`,
      email: `closed-${tag}@closed.invalid`,
      date_of_birth: null,
      avatar: null,
      password_hash: '!closed',
    });
    const documents = await t.db.execute<{ n: number }>(
      `select count(*)::int as n from identity_documents where user_id = '${player.id}'`,
    );
    expect(documents.rows[0]?.n).toBe(0);
    expect(await documentBytes()).toEqual({ files: null, chunks: 0 });
    const secondFactor = await t.db.execute<{ n: number }>(
      `select (select count(*) from two_factor_authenticators where user_id = '${player.id}')::int
            + (select count(*) from two_factor_recovery_codes where user_id = '${player.id}')::int as n`,
    );
    expect(secondFactor.rows[0]?.n).toBe(0);
    const closures = await t.db.execute<{ n: number }>(
      `select count(*)::int as n from account_closures where user_id = '${player.id}'`,
    );
    expect(closures.rows[0]?.n).toBe(1);

    // The address is free again: signing up with it makes a new account with a new ledger.
    offsetMs += 60 * 60 * 1000;
    const signUp = await register(t, player);
    expect(signUp.statusCode, signUp.body).toBe(201);
    const code = codeSentTo(t.outbox, player.email);
    const verified = await verify(t, player, code);
    expect(verified.statusCode, verified.body).toBe(201);
    const fresh = await me(t, verified.json<{ access_token: string }>().access_token);
    expect(fresh.json<{ id: string; balance: string }>()).toMatchObject({ balance: '0.00' });
    expect(fresh.json<{ id: string }>().id).not.toBe(player.id);
  });
});

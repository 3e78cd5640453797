import type { Payment } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/lib/logger';
import { bearer, createPlayer } from '../helpers/players';
import type { TestApp } from '../helpers/test-app';
import {
  buildCashierApp,
  cards,
  deposit,
  operator,
  sandboxOf,
  tokenize,
  withdraw,
} from './payments-helpers';

/**
 * The card number and CVV go from the browser to the card service only: after a whole
 * cashier life at trace level, neither is in any table of the database nor in the logs.
 */
describe('no card number or CVV in the database or the logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildCashierApp({
      logger: createLogger(
        { env: 'test', logLevel: 'trace' },
        { write: (line: string) => void lines.push(line) },
      ),
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('through deposits, a 3-D Secure, a decline, a withdrawal and a mistaken paste', async () => {
    const cvc = '052';
    const player = await createPlayer(t);
    const submitted = [cards.approved, cards.threeDSecure, cards.declined, '5555 5555 5555 4444'];
    const tokens: string[] = [];
    for (const number of submitted) {
      const res = await tokenize(t, player, number, cvc);
      expect(res.statusCode).toBe(200);
      tokens.push(res.json<{ id: string }>().id);
    }
    const approved = await deposit(t, player, { amount: '100.00', payment_method: tokens[0]! });
    expect(approved.json<Payment>().status).toBe('succeeded');
    const secure = (
      await deposit(t, player, { amount: '20.00', payment_method: tokens[1]! })
    ).json<Payment>();
    await t.app.inject({
      method: 'POST',
      url: `${secure.redirect_url ?? ''}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    await deposit(t, player, { amount: '20.00', payment_method: tokens[2]! });
    await deposit(t, player, { amount: '20.00', payment_method: tokens[3]! });
    // A player (or a broken client) sending the card itself to our API: refused, not kept.
    const pasted = await deposit(t, player, {
      amount: '20.00',
      payment_method: '4242424242424242',
    });
    expect(pasted.statusCode).toBe(400);
    await t.app.inject({
      method: 'POST',
      url: '/api/payments/card/deposits',
      headers: bearer(player.accessToken),
      payload: {
        amount: '20.00',
        payment_method: tokens[0],
        idempotency_key: 'paste-1234',
        card: { number: cards.approved, cvc },
      },
    });
    const w = (
      await withdraw(t, player, { amount: '30.00', payment_method: tokens[0]! })
    ).json<Payment>();
    await operator(t, w.id, 'approve');
    await sandboxOf(t).webhooks.settle();

    const { rows: tables } = await t.db.execute<{ table_name: string }>(sql`
      select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE'`);
    expect(tables.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['payments', 'payment_webhook_events', 'ledger_entries']),
    );
    const dump: string[] = [];
    for (const { table_name } of tables) {
      const { rows } = await t.db.execute(
        sql`select row_to_json(t)::text as row from ${sql.identifier(table_name)} t`,
      );
      for (const row of rows) dump.push(`${table_name}: ${String((row as { row: string }).row)}`);
    }
    const dumped = dump.join('\n');
    expect(dumped).toContain('"card_last4":"4242"');
    expect(dumped).toContain(tokens[0]);
    const log = lines.join('\n');
    expect(log.length).toBeGreaterThan(1000);

    for (const [name, text] of [
      ['database', dumped],
      ['logs', log],
    ] as const) {
      for (const number of submitted) {
        const digits = number.replace(/ /g, '');
        expect(text, `${name}: ${number}`).not.toContain(digits);
        expect(text, `${name}: ${number}`).not.toContain(number);
        // Not even the first twelve digits (last four are allowed, the rest never).
        expect(text, `${name}: ${number}`).not.toContain(digits.slice(0, 12));
      }
      expect(text, `${name}: cvc`).not.toMatch(/"(cvc|cvv)"/i);
      expect(text, `${name}: cvc`).not.toContain(`"${cvc}"`);
      expect(text, `${name}: cvc`).not.toMatch(new RegExp(`(cvc|cvv)\\W{0,3}${cvc}`, 'i'));
    }
  });
});

// Pragmatic's Seamless Wallet money methods on the ledger, exercised as the provider would:
// form-encoded POSTs with real hashes through the app (t.app.inject), then the ledger read back.
// This file: the provider's real shapes (issue 10).
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { pragmaticWalletPrefix } from '../../src/features/providers/pragmatic/wallet-routes';
import { expectLedgerClean } from '../helpers/ledger';
import {
  balanceOf,
  clock,
  disabledGame,
  entriesOf,
  game,
  newPlayer,
  otherGame,
  type Params,
  post,
  postAsProvider,
  providerId,
  reference,
  roundCall,
  roundId,
  s,
  t,
  usePragmaticWallet,
  wiredPrefix,
} from './pragmatic-wallet-context';

usePragmaticWallet();

describe('the provider’s real shapes (issue 10)', () => {
  it('a result carrying an empty bonusCode= is signed without it and lands', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.0');
    expect(await post('bet', bet)).toMatchObject({ error: 0, cash: 24 });
    const fields: [string, string][] = [
      ['userId', userId],
      ['gameId', game],
      ['roundId', bet.roundId!],
      ['amount', '5.6'],
      ['reference', reference()],
      ['timestamp', '1795341300000'],
      ['roundDetails', 'spin'],
      ['bonusCode', ''],
      ['platform', 'WEB'],
    ];
    expect(await postAsProvider('result.html', fields)).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 29.6,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    // Signed the old way, with the empty field in the hash: refused (5), nothing moves.
    const oldWay = { providerId, ...Object.fromEntries(fields), reference: reference() };
    const text = Object.keys(oldWay)
      .sort()
      .map((k) => `${k}=${oldWay[k as keyof typeof oldWay]}`)
      .join('&');
    const res = await t.app.inject({
      method: 'POST',
      url: `${pragmaticWalletPrefix}/result.html`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        ...oldWay,
        hash: createHash('md5')
          .update(text + s.pragmatic.secretKey)
          .digest('hex'),
      }).toString(),
    });
    expect(res.json()).toMatchObject({ error: 5 });
    expect(await balanceOf(userId)).toBe(29_605n);
    await expectLedgerClean(t.db);
  });

  it('bonusWin moves no money: success with the current balance, a stable id, the record kept', async () => {
    const { userId } = await newPlayer();
    // The free rounds' wins came as results (bonusCode set); bonusWin reports their total.
    const spin = roundCall(userId, '5.6', { bonusCode: 'frb-42' });
    expect(await post('result', spin)).toMatchObject({ error: 0, cash: 30.6 });
    const ref = reference();
    const fields: [string, string][] = [
      ['userId', userId],
      ['amount', '5.6'],
      ['reference', ref],
      ['timestamp', '1795341300000'],
      ['bonusCode', 'frb-42'],
    ];
    const first = await postAsProvider('bonusWin.html', fields);
    expect(first).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 30.6,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    expect(await balanceOf(userId)).toBe(30_605n);
    // The same call again: the same transaction, the balance now; still nothing moves.
    await post('bet', roundCall(userId, '1.00'));
    expect(await postAsProvider('bonusWin.html', fields)).toEqual({ ...first, cash: 29.6 });
    // The same reference with another total is not the same call.
    expect(
      await postAsProvider('bonusWin.html', [
        ['userId', userId],
        ['amount', '100.25'],
        ['reference', ref],
        ['timestamp', '1795341300000'],
        ['bonusCode', 'frb-42'],
      ]),
    ).toMatchObject({ error: 7 });
    expect(await balanceOf(userId)).toBe(29_605n);
    const bonusRows = (await entriesOf(userId)).filter((e) => e.operation === 'bonusWin');
    expect(bonusRows).toEqual([
      expect.objectContaining({
        kind: 'win',
        amount: '0',
        provider_tx_id: ref,
        meta: {
          timestamp: '1795341300000',
          bonusCode: 'frb-42',
          informational: true,
          reportedAmount: '5600',
        },
      }),
    ]);
    await expectLedgerClean(t.db);
  });

  it('a result with promoWinAmount pays the prize drop once per promoWinReference', async () => {
    const { userId } = await newPlayer();
    const bet = roundCall(userId, '1.00');
    await post('bet', bet);
    const promoRef = reference();
    const result: [string, string][] = [
      ['userId', userId],
      ['gameId', game],
      ['roundId', bet.roundId!],
      ['amount', '2.0'],
      ['reference', reference()],
      ['timestamp', '1795341300000'],
      ['roundDetails', 'spin'],
      ['bonusCode', ''],
      ['promoWinAmount', '5.6'],
      ['promoWinReference', promoRef],
      ['promoCampaignID', '3301'],
      ['promoCampaignType', 'R'],
    ];
    // 25.005 − 1.00 + 2.00 + 5.60 = 31.605 USD.
    const first = await postAsProvider('result.html', result);
    expect(first).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 31.6,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    // The provider retries the result: nothing moves twice.
    expect(await postAsProvider('result.html', result)).toEqual(first);
    // Another result carrying the same prize reference: its own win, not the prize again.
    const next = roundCall(userId, '1.00');
    await post('bet', next);
    const other = result.map(([k, v]): [string, string] =>
      k === 'reference' ? [k, reference()] : k === 'roundId' ? [k, next.roundId!] : [k, v],
    );
    expect(await postAsProvider('result.html', other)).toMatchObject({ error: 0, cash: 32.6 });
    // A promoWin call whose reference happens to be the prize's: its own namespace, paid.
    expect(
      await postAsProvider('promoWin.html', [
        ['userId', userId],
        ['campaignId', '3301'],
        ['campaignType', 'T'],
        ['amount', '1.0'],
        ['currency', 'USD'],
        ['reference', promoRef],
        ['timestamp', '1795341300000'],
      ]),
    ).toMatchObject({ error: 0, cash: 33.6 });
    expect(await balanceOf(userId)).toBe(33_605n);
    expect((await entriesOf(userId)).map((e) => [e.operation, e.amount, e.provider_tx_id])).toEqual(
      [
        ['bet', '-1000', bet.reference],
        ['result', '2000', result[4]![1]],
        ['resultPromoWin', '5600', promoRef],
        ['bet', '-1000', next.reference],
        ['result', '2000', other[4]![1]],
        ['promoWin', '1000', promoRef],
      ],
    );
    // A malformed prize amount makes the whole result malformed (7): nothing is posted.
    const bad = result.map(([k, v]): [string, string] =>
      k === 'promoWinAmount' ? [k, '5.666'] : k === 'reference' ? [k, reference()] : [k, v],
    );
    expect(await postAsProvider('result.html', bad)).toMatchObject({ error: 7 });
    expect(await balanceOf(userId)).toBe(33_605n);
    await expectLedgerClean(t.db);
  });

  it('adjustment.html credits or debits the signed amount once per reference', async () => {
    const { userId } = await newPlayer();
    const adjustment = (amount: string, ref: string): [string, string][] => [
      ['userId', userId],
      ['gameId', 'lvxbaccarat'],
      ['roundId', '5000000001'],
      ['amount', amount],
      ['reference', ref],
      ['validBetAmount', '10.0'],
      ['timestamp', '1795341300000'],
    ];
    const creditRef = reference();
    const credit = await postAsProvider('adjustment.html', adjustment('100.25', creditRef));
    expect(credit).toEqual({
      transactionId: expect.any(String) as string,
      currency: 'USD',
      cash: 125.25,
      bonus: 0,
      error: 0,
      description: 'Success',
    });
    const debit = await postAsProvider('adjustment.html', adjustment('-1.0', reference()));
    expect(debit).toMatchObject({ error: 0, cash: 124.25 });
    // A repeat: the first id, the balance now; another amount under the reference: 7.
    expect(await postAsProvider('adjustment.html', adjustment('100.25', creditRef))).toEqual({
      ...credit,
      cash: 124.25,
    });
    expect(await postAsProvider('adjustment.html', adjustment('5.6', creditRef))).toMatchObject({
      error: 7,
    });
    // A debit beyond the balance: 1, nothing moves.
    expect(
      await postAsProvider('adjustment.html', adjustment('-124.26', reference())),
    ).toMatchObject({ error: 1, description: 'Insufficient balance' });
    expect(await postAsProvider('adjustment.html', adjustment('+1.00', reference()))).toMatchObject(
      { error: 7 },
    );
    expect(await balanceOf(userId)).toBe(124_255n);
    expect((await entriesOf(userId)).map((e) => [e.kind, e.operation, e.amount])).toEqual([
      ['adjustment', 'adjustment', '100250'],
      ['adjustment', 'adjustment', '-1000'],
    ]);
    await expectLedgerClean(t.db);
  });

  it('GetBalancePerGame.html (the provider’s capital G) answers gamesBalances', async () => {
    const { userId } = await newPlayer();
    expect(
      await postAsProvider('GetBalancePerGame.html', [
        ['userId', userId],
        ['gameIdList', `${game},${otherGame}`],
      ]),
    ).toEqual({
      gamesBalances: [
        { gameID: game, cash: 25, bonus: 0 },
        { gameID: otherGame, cash: 25, bonus: 0 },
      ],
      error: 0,
      description: 'Success',
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${pragmaticWalletPrefix}/noSuchMethod.html`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'providerId=PragmaticPlay',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('roundDetails and session/expired are acknowledged (0) once signed, refused (5) otherwise', async () => {
    const { userId } = await newPlayer();
    for (const method of ['roundDetails.html', 'session/expired.html']) {
      expect(
        await postAsProvider(method, [
          ['userId', userId],
          ['gameId', game],
          ['roundId', roundId()],
          ['sessionId', 'a1b2c3'],
        ]),
      ).toEqual({ error: 0, description: 'Success' });
      const unsigned = await t.app.inject({
        method: 'POST',
        url: `${pragmaticWalletPrefix}/${method}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `providerId=${providerId}&userId=${userId}&hash=${'0'.repeat(32)}`,
      });
      expect(unsigned.json()).toMatchObject({ error: 5 });
    }
    expect(await entriesOf(userId)).toEqual([]);
  });

  it('bets from another Pragmatic game the player switched to are taken; the money checks stay', async () => {
    const { userId } = await newPlayer(); // launched `game` only
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: otherGame }), { prefix: wiredPrefix }),
    ).toMatchObject({ error: 0, cash: 24 });
    // Still: a disabled or unknown game is 8, the funds 1, another player's launch nothing.
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: disabledGame }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 8, description: 'Game disabled' });
    expect(
      await post('bet', roundCall(userId, '1.00', { gameId: 'vs99nosuch' }), {
        prefix: wiredPrefix,
      }),
    ).toMatchObject({ error: 8 });
    expect(await post('bet', roundCall(userId, '99.00', { gameId: otherGame }))).toMatchObject({
      error: 1,
    });
    const stranger = await newPlayer(25_005n, false);
    expect(
      await post('bet', roundCall(stranger.userId, '1.00', { gameId: otherGame })),
    ).toMatchObject({ error: 4 });
    clock.advance(5 * 3600_000);
    try {
      expect(await post('bet', roundCall(userId, '1.00', { gameId: otherGame }))).toMatchObject({
        error: 4,
      });
    } finally {
      clock.set(new Date('2026-11-22T10:15:00.000Z'));
    }
    expect(await balanceOf(userId)).toBe(24_005n);
    await expectLedgerClean(t.db);
  });

  it('credits and refunds answer 100, never 120, on a failure the data would meet again', async () => {
    const { userId } = await newPlayer();
    await post('result', roundCall(userId, '0.00')); // the wallet's currency, remembered
    const dataError = () => Object.assign(new Error('value out of range'), { code: '22003' });
    const win = vi.spyOn(t.app.wallet, 'postWin').mockRejectedValue(dataError());
    const refund = vi.spyOn(t.app.wallet, 'postRefund').mockRejectedValue(dataError());
    const adjust = vi.spyOn(t.app.wallet, 'postProviderAdjustment').mockRejectedValue(dataError());
    try {
      const calls: [string, Params][] = [
        ['result', roundCall(userId, '1.00')],
        ['bonusWin', { userId, amount: '1.0', reference: reference(), bonusCode: '' }],
        ['jackpotWin', { userId, amount: '1.0', reference: reference(), jackpotId: 'j' }],
        [
          'promoWin',
          { userId, amount: '1.0', reference: reference(), currency: 'USD', campaignId: 'c' },
        ],
        ['refund', { userId, reference: reference(), amount: '1.0' }],
        ['adjustment', { userId, amount: '-1.0', reference: reference() }],
      ];
      for (const [method, params] of calls) {
        expect(await post(method, params), method).toMatchObject({
          error: 100,
          description: 'Internal error, retry',
        });
      }
    } finally {
      win.mockRestore();
      refund.mockRestore();
      adjust.mockRestore();
    }
    expect(await balanceOf(userId)).toBe(25_005n);
  });
});

describe('the ledger afterwards', () => {
  it('passes the invariant check', async () => {
    await expectLedgerClean(t.db);
  });
});

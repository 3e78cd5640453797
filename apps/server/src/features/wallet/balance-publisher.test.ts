import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import {
  balanceChannel,
  createBalancePublisher,
  parseBalanceNotices,
  type BalanceNotice,
} from './balance-publisher';

/** A database whose every execute is a NOTIFY we record; each takes `delayMs` to answer. */
function recordingDb(delayMs: number, fail = false) {
  const sent: { channel: string; payload: string }[] = [];
  const db = {
    execute: async (query: { queryChunks: unknown[] }) => {
      const params = query.queryChunks.filter(
        (chunk): chunk is string => typeof chunk === 'string',
      );
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (fail) throw new Error('connection lost');
      sent.push({ channel: params[0] ?? '', payload: params[1] ?? '' });
      return { rows: [] };
    },
  } as unknown as Database;
  return { db, sent };
}

const notice = (i: number): BalanceNotice => ({
  id: String(1_000_000 + i),
  user_id: `0190a1b2-c3d4-7e5f-8a9b-${String(i).padStart(12, '0')}`,
});

describe('the balance publisher (NOTIFY after the commit, many notices per NOTIFY)', () => {
  it('sends every notice, in order, on the wallet_balance channel', async () => {
    const { db, sent } = recordingDb(1);
    const publisher = createBalancePublisher(db, () => {});
    for (let i = 0; i < 5; i++) publisher.publish(notice(i));
    await publisher.flush();
    expect(sent.every((s) => s.channel === 'wallet_balance')).toBe(true);
    expect(balanceChannel).toBe('wallet_balance');
    const heard = sent.flatMap((s) => parseBalanceNotices(s.payload));
    expect(heard).toEqual([0, 1, 2, 3, 4].map(notice));
  });

  it('coalesces: notices queued while one NOTIFY is in flight go together in the next', async () => {
    const { db, sent } = recordingDb(20);
    const publisher = createBalancePublisher(db, () => {});
    publisher.publish(notice(0));
    // Let the first NOTIFY leave, then queue 50 more while it is in flight.
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (let i = 1; i <= 50; i++) publisher.publish(notice(i));
    await publisher.flush();
    expect(sent).toHaveLength(2);
    expect(parseBalanceNotices(sent[1]?.payload ?? '')).toHaveLength(50);
  });

  it('waits its gap after a NOTIFY: notices that come meanwhile go together in the next', async () => {
    const { db, sent } = recordingDb(1);
    const publisher = createBalancePublisher(db, () => {}, 200);
    publisher.publish(notice(0));
    // Each of these comes after the first NOTIFY was answered, inside the 200 ms gap.
    for (let i = 1; i <= 3; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      publisher.publish(notice(i));
    }
    await publisher.flush();
    expect(sent.map((s) => parseBalanceNotices(s.payload).length)).toEqual([1, 3]);
  });

  it('keeps every payload under NOTIFY’s 8000 bytes, splitting a long queue', async () => {
    const { db, sent } = recordingDb(1);
    const publisher = createBalancePublisher(db, () => {});
    for (let i = 0; i < 1_000; i++) publisher.publish(notice(i));
    await publisher.flush();
    expect(sent.length).toBeGreaterThan(1);
    for (const { payload } of sent) expect(Buffer.byteLength(payload)).toBeLessThan(8000);
    expect(sent.flatMap((s) => parseBalanceNotices(s.payload))).toHaveLength(1_000);
  });

  it('reports a failed NOTIFY and goes on (live updates, not a queue)', async () => {
    const { db } = recordingDb(1, true);
    const errors: unknown[] = [];
    const publisher = createBalancePublisher(db, (error) => errors.push(error));
    publisher.publish(notice(1));
    await publisher.flush();
    expect(errors).toHaveLength(1);
  });

  it('reads the trigger’s older single-object payload and drops malformed ones', () => {
    const one = JSON.stringify(notice(7));
    expect(parseBalanceNotices(one)).toEqual([notice(7)]);
    expect(parseBalanceNotices('not json')).toEqual([]);
    expect(parseBalanceNotices('[{"id":"x","user_id":"u"},{"id":"12","user_id":"u"}]')).toEqual([
      { id: '12', user_id: 'u' },
    ]);
    // `acted` (decision 109) is true or absent; anything else is not a notice of ours.
    expect(
      parseBalanceNotices(
        '[{"id":"13","user_id":"u","acted":true},{"id":"14","user_id":"u","acted":"yes"}]',
      ),
    ).toEqual([{ id: '13', user_id: 'u', acted: true }]);
  });
});

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/lib/clock';
import { connectChat, post } from '../helpers/chat-client';
import { createTestPlayer } from '../helpers/games';
import { createPlayer, errorOf, type SignedInPlayer } from '../helpers/players';
import { clusterUnderTest, openStream, withRedis } from './cluster-under-test';

const c = clusterUnderTest();

describe.runIf(withRedis)('shared limits and live events (Redis)', () => {
  it('the availability checks allow 30 a minute per IP over both instances, not 60', async () => {
    const answers = [];
    for (let i = 0; i < 31; i += 1) {
      answers.push(
        await (i % 2 === 0 ? c.a : c.b).app.inject({
          method: 'POST',
          url: '/api/user/check/username',
          payload: { username: `free_${i}_${randomBytes(2).toString('hex')}` },
          remoteAddress: '10.171.0.1',
        }),
      );
    }
    expect(answers.slice(0, 30).every((res) => res.statusCode === 200)).toBe(true);
    expect(answers[30]?.statusCode).toBe(429);
    expect(errorOf(answers[30]!).code).toBe('RATE_LIMITED');
  });

  it('five balance streams per player over both instances; a closed one frees its place', async () => {
    const player = await createTestPlayer(c.db, systemClock, 1_000n);
    const streams = [];
    for (let i = 0; i < 5; i += 1) {
      const stream = await openStream(i % 2 === 0 ? c.a.base : c.b.base, player);
      expect(stream.status).toBe(200);
      streams.push(stream);
    }
    for (const base of [c.a.base, c.b.base]) {
      const sixth = await openStream(base, player);
      expect(sixth.status).toBe(429);
      sixth.close();
    }
    streams[0]!.close();
    await expect
      .poll(
        async () => {
          const again = await openStream(c.b.base, player);
          if (again.status === 200) streams.push(again);
          else again.close();
          return again.status;
        },
        { timeout: 3_000, interval: 100 },
      )
      .toBe(200);
    for (const stream of streams) stream.close();
  });

  it('chat: a message posted on A reaches a reader on B', async () => {
    const alice: SignedInPlayer = await createPlayer(c.a.t);
    const bob: SignedInPlayer = await createPlayer(c.a.t);
    const onA = await connectChat(c.a.base.replace('http', 'ws'), { token: alice.accessToken });
    await onA.next('welcome');
    const onB = await connectChat(c.b.base.replace('http', 'ws'), { token: bob.accessToken });
    await onB.next('welcome');
    const text = `hello from A ${randomBytes(3).toString('hex')}`;
    expect((await post(onA, text)).type).toBe('ack');
    expect((await onB.next('message', (f) => f.message.text === text)).message.text).toBe(text);
  });
});

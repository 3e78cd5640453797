import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type * as AvatarImageModule from '../../src/features/users/avatar-image';
import { avatarDecodeLimits } from '../../src/features/users/avatar-service';
import { multipart, solid } from '../helpers/images';
import { bearer, createPlayer, errorOf, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';

// Watch the real decoder: how many run at once is the property under test.
let running = 0;
let mostAtOnce = 0;
vi.mock('../../src/features/users/avatar-image', async (importOriginal) => {
  const actual = await importOriginal<typeof AvatarImageModule>();
  return {
    ...actual,
    toAvatarWebp: async (input: Buffer) => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      try {
        return await actual.toAvatarWebp(input);
      } finally {
        running -= 1;
      }
    },
  };
});

describe('avatar decoding is bounded (issue 17)', () => {
  let t: TestApp;
  let png: Buffer;
  beforeAll(async () => {
    t = await buildTestApp();
    png = await solid(2048, 2048).png().toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  async function upload(who: SignedInPlayer): Promise<LightMyRequestResponse> {
    const body = await multipart([{ name: 'file', content: png, filename: 'big.png' }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/user/change/avatar',
      headers: { ...bearer(who.accessToken), ...body.headers },
      payload: body.payload,
    });
  }

  it('one player: one upload decoded at a time, the others refused with 429', async () => {
    const player = await createPlayer(t);
    mostAtOnce = 0;
    const answers = await Promise.all(Array.from({ length: 12 }, () => upload(player)));
    const ok = answers.filter((res) => res.statusCode === 200);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length + refused.length).toBe(answers.length);
    for (const res of refused) expect(errorOf(res).code).toBe('RATE_LIMITED');
    expect(mostAtOnce).toBe(avatarDecodeLimits.perPlayer);
    // Once it is done, the next upload goes through.
    expect((await upload(player)).statusCode).toBe(200);
  });

  it('many players at once: every upload succeeds, at most two decodes at a time', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => createPlayer(t)));
    mostAtOnce = 0;
    const answers = await Promise.all(players.map((p) => upload(p)));
    expect(answers.map((res) => res.statusCode)).toEqual(players.map(() => 200));
    expect(mostAtOnce).toBeLessThanOrEqual(avatarDecodeLimits.decodesAtOnce);
  });
});

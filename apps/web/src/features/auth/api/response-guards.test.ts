import { meResponseSchema, tokenResponseSchema } from '@casino/contracts';
import { describe, expect, it } from 'vitest';
import { meGuard, tokenGuard } from './response-guards';

// The hand-written guards keep zod out of the first download; they must agree with the
// contract schemas on what is valid.
const agree = (
  guard: { parse(d: unknown): unknown },
  schema: { safeParse(d: unknown): { success: boolean } },
  data: unknown,
) => {
  let guardOk = true;
  try {
    guard.parse(data);
  } catch {
    guardOk = false;
  }
  return { guard: guardOk, schema: schema.safeParse(data).success };
};

const me = {
  id: 'u1',
  username: 'lucky_star',
  email: 'lucky@example.com',
  avatar: null,
  balance: '10.50',
  currency: 'USD',
  created_at: '2024-03-17T11:21:00Z',
  cash: '10.50',
  bonus: '0.00',
};

describe('response guards', () => {
  it.each([
    me,
    { ...me, avatar: '/a.webp' },
    { ...me, balance: '-1.005' },
    { ...me, balance: 10.5 },
    { ...me, balance: '10.5' },
    { ...me, avatar: undefined },
    { ...me, currency: 'EUR' },
    { ...me, id: 1 },
    null,
    [],
  ])('meGuard agrees with meResponseSchema (%#)', (data) => {
    const verdict = agree(meGuard, meResponseSchema, data);
    expect(verdict.guard).toBe(verdict.schema);
  });

  it('meGuard returns only the allowed fields', () => {
    expect(meGuard.parse({ ...me, password_hash: 'x' })).toEqual(me);
  });

  const token = { access_token: 'a', token_type: 'Bearer', expires_in: 900 };
  it.each([
    token,
    { ...token, refresh_token: 'r' },
    { ...token, token_type: 'bearer' },
    { ...token, expires_in: 0 },
    { ...token, expires_in: 1.5 },
    { ...token, access_token: undefined },
    { ...token, refresh_token: 1 },
    'token',
  ])('tokenGuard agrees with tokenResponseSchema (%#)', (data) => {
    const verdict = agree(tokenGuard, tokenResponseSchema, data);
    expect(verdict.guard).toBe(verdict.schema);
  });
});

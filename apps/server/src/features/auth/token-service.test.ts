import { SignJWT, UnsecuredJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock';
import {
  accessTokenAudience,
  accessTokenIssuer,
  createTokenService,
  hashRefreshToken,
  newRefreshToken,
} from './token-service';

const secret = 's'.repeat(40);
const start = new Date('2025-06-01T12:00:00Z');
const claims = { userId: '0b7e4a4e-7c43-4c1e-9d0a-3f6f5a2b9c10', sessionId: 'sess-1' };

function service(ttlSeconds = 900, clock = fixedClock(start)) {
  return { clock, tokens: createTokenService({ secret, ttlSeconds, clock }) };
}

const key = new TextEncoder().encode(secret);
const now = Math.floor(start.getTime() / 1000);

describe('access tokens', () => {
  it('carry sub, sid, aud, iss, typ and exp, signed with HS256', async () => {
    const { tokens } = service();
    const { token, expiresIn } = await tokens.signAccess(claims);
    expect(expiresIn).toBe(900);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(token)).toEqual({
      sub: claims.userId,
      sid: claims.sessionId,
      typ: 'access',
      iss: accessTokenIssuer,
      aud: accessTokenAudience,
      iat: now,
      exp: now + 900,
    });
    expect(await tokens.verifyAccess(token)).toEqual(claims);
  });

  it('expire after their lifetime', async () => {
    const { tokens, clock } = service(5);
    const { token } = await tokens.signAccess(claims);
    clock.advance(4_000);
    expect(await tokens.verifyAccess(token)).toEqual(claims);
    clock.advance(1_000);
    expect(await tokens.verifyAccess(token)).toBeUndefined();
  });

  it('refuse another key, a tampered payload, garbage and the "none" algorithm', async () => {
    const { tokens } = service();
    const other = createTokenService({
      secret: 'x'.repeat(40),
      ttlSeconds: 900,
      clock: fixedClock(start),
    });
    const { token: foreign } = await other.signAccess(claims);
    expect(await tokens.verifyAccess(foreign)).toBeUndefined();

    const { token } = await tokens.signAccess(claims);
    const [header, , signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'someone-else' }));
    expect(
      await tokens.verifyAccess(`${header}.${forged.toString('base64url')}.${signature}`),
    ).toBeUndefined();
    expect(await tokens.verifyAccess('not.a.jwt')).toBeUndefined();
    expect(await tokens.verifyAccess('')).toBeUndefined();

    const unsecured = new UnsecuredJWT({ sid: 'sess-1', typ: 'access' })
      .setSubject(claims.userId)
      .setIssuer(accessTokenIssuer)
      .setAudience(accessTokenAudience)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .encode();
    expect(await tokens.verifyAccess(unsecured)).toBeUndefined();
  });

  it('refuse other algorithms, audiences, issuers and token types under the same key', async () => {
    const { tokens } = service();
    const build = (payload: Record<string, unknown>, alg = 'HS256') =>
      new SignJWT({ sid: 'sess-1', typ: 'access', ...payload })
        .setProtectedHeader({ alg })
        .setSubject(claims.userId)
        .setIssuer((payload.iss as string | undefined) ?? accessTokenIssuer)
        .setAudience((payload.aud as string | undefined) ?? accessTokenAudience)
        .setIssuedAt(now)
        .setExpirationTime(now + 60)
        .sign(key);
    expect(await tokens.verifyAccess(await build({}))).toEqual(claims);
    expect(await tokens.verifyAccess(await build({}, 'HS512'))).toBeUndefined();
    expect(await tokens.verifyAccess(await build({ aud: 'other-api' }))).toBeUndefined();
    expect(await tokens.verifyAccess(await build({ iss: 'someone' }))).toBeUndefined();
    expect(await tokens.verifyAccess(await build({ typ: 'refresh' }))).toBeUndefined();
    expect(await tokens.verifyAccess(await build({ sid: undefined }))).toBeUndefined();
  });

  it('refuse a token of ours whose lifetime is longer than the configured one (issue 25)', async () => {
    const { tokens } = service(900);
    const lasting = (iat: number, exp: number) =>
      new SignJWT({ sid: 'sess-1', typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(accessTokenIssuer)
        .setAudience(accessTokenAudience)
        .setIssuedAt(iat)
        .setExpirationTime(exp)
        .sign(key);
    const tenYears = 10 * 365 * 24 * 60 * 60;
    expect(await tokens.verifyAccess(await lasting(now, now + tenYears))).toBeUndefined();
    expect(await tokens.verifyAccess(await lasting(now, now + 901))).toBeUndefined();
    // Issued in the future, so that exp − iat looks short while the token lasts for years.
    expect(
      await tokens.verifyAccess(await lasting(now + tenYears, now + tenYears + 900)),
    ).toBeUndefined();
    // Exactly the configured 900 seconds, or shorter, is one of ours.
    expect(await tokens.verifyAccess(await lasting(now, now + 900))).toEqual(claims);
    expect(await tokens.verifyAccess(await lasting(now - 100, now + 800))).toEqual(claims);
  });
});

describe('refresh tokens', () => {
  it('are 256 random bits, stored only as a SHA-256', () => {
    const a = newRefreshToken();
    const b = newRefreshToken();
    expect(a.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.token).not.toBe(b.token);
    expect(a.hash).toBe(hashRefreshToken(a.token));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).not.toContain(a.token);
  });

  it("have one successor each: the same for the same token and key, another's for another", () => {
    const { tokens } = service();
    const token = newRefreshToken().token;
    const successor = tokens.successorRefreshToken(token);
    expect(successor.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(successor.hash).toBe(hashRefreshToken(successor.token));
    expect(tokens.successorRefreshToken(token)).toEqual(successor);
    expect(successor.token).not.toBe(token);
    expect(tokens.successorRefreshToken(newRefreshToken().token).token).not.toBe(successor.token);
    // Without the key nobody can work it out from the token.
    const otherKey = createTokenService({
      secret: 'another-secret-of-at-least-thirty-two-characters',
      ttlSeconds: 900,
      clock: fixedClock(new Date()),
    });
    expect(otherKey.successorRefreshToken(token).token).not.toBe(successor.token);
  });
});

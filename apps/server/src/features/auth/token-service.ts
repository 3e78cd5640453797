import { createHash, createHmac, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../lib/clock';

/** Who a valid access token speaks for. */
export interface AccessClaims {
  userId: string;
  sessionId: string;
}

export interface SignedAccessToken {
  token: string;
  /** Seconds. */
  expiresIn: number;
}

export interface TokenService {
  signAccess(claims: AccessClaims): Promise<SignedAccessToken>;
  /** The claims, or undefined for anything that is not a live access token of ours. */
  verifyAccess(token: string): Promise<AccessClaims | undefined>;
  /**
   * The refresh token that replaces `token` when it is used: always the same one for the same
   * token (an HMAC under JWT_SECRET), so a second refresh with `token` moments after the first
   * can be given the same successor (decision 113). Unguessable without the key, as a random
   * token is without luck.
   */
  successorRefreshToken(token: string): { token: string; hash: string };
}

export const accessTokenIssuer = 'orbita';
export const accessTokenAudience = 'orbita-api';
const algorithm = 'HS256';
/** How far in the future an `iat` may be (another instance's clock running slightly ahead). */
const clockSkewSeconds = 5;

export interface TokenServiceOptions {
  secret: string;
  ttlSeconds: number;
  clock: Clock;
}

/**
 * Access tokens: short-lived JWTs (HS256 under JWT_SECRET) with sub, sid, aud, iss,
 * typ 'access', iat and exp. Verification allows HS256 only, so neither "none" nor a
 * public-key algorithm confusion can sneak in, and checks issuer, audience and type. A token
 * signed with our key but lasting longer than the configured lifetime (exp − iat), or issued
 * in the future, is none of ours: refused (issue 25), so a leaked key's forgeries or a
 * misissued token cannot outlive ACCESS_TOKEN_TTL_SECONDS. A token alone is not enough: authenticate() also checks its session (sid) is alive.
 */
export function createTokenService(options: TokenServiceOptions): TokenService {
  const key = new TextEncoder().encode(options.secret);
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

  return {
    async signAccess(claims) {
      const issuedAt = seconds(options.clock.now());
      const token = await new SignJWT({ sid: claims.sessionId, typ: 'access' })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setSubject(claims.userId)
        .setIssuer(accessTokenIssuer)
        .setAudience(accessTokenAudience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + options.ttlSeconds)
        .sign(key);
      return { token, expiresIn: options.ttlSeconds };
    },

    async verifyAccess(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [algorithm],
          issuer: accessTokenIssuer,
          audience: accessTokenAudience,
          requiredClaims: ['sub', 'sid', 'exp', 'iat'],
          currentDate: options.clock.now(),
        });
        if (payload.typ !== 'access') return undefined;
        const { iat, exp } = payload as { iat: number; exp: number };
        if (exp - iat > options.ttlSeconds) return undefined;
        if (iat > seconds(options.clock.now()) + clockSkewSeconds) return undefined;
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return undefined;
        return { userId: payload.sub, sessionId: payload.sid };
      } catch {
        return undefined;
      }
    },

    successorRefreshToken(token) {
      // A label of its own: this HMAC can never equal a signature the key makes for anything else.
      const successor = createHmac('sha256', key)
        .update(`orbita refresh successor\n${token}`)
        .digest('base64url');
      return { token: successor, hash: hashRefreshToken(successor) };
    },
  };
}

/** A session's first refresh token: 256 random bits, base64url; only its hash is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

/**
 * SHA-256 without a key is enough here: the token is random and unguessable, so its hash
 * cannot be reversed by trying candidates, unlike a password or a six-digit code.
 */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

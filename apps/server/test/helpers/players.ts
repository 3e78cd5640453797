import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createTokenService } from '../../src/features/auth/token-service';
import { fixedClock } from '../../src/lib/clock';
import type { MailMessage } from '../../src/lib/mail/mailer';
import { testSecrets, type TestApp } from './test-app';

export interface PlayerDetails {
  username: string;
  email: string;
  password: string;
}

export interface SignedInPlayer extends PlayerDetails {
  id: string;
  accessToken: string;
  /** The refresh token from the cookie. */
  refreshToken: string;
}

let counter = 0;

/** Unique, valid registration details (usernames stay within 20 characters). */
export function newPlayerDetails(overrides: Partial<PlayerDetails> = {}): PlayerDetails {
  counter += 1;
  const tag = `${Date.now().toString(36).slice(-5)}${counter}`;
  return {
    username: `p_${tag}`,
    email: `player.${tag}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
}

export function registrationBody(player: PlayerDetails) {
  return {
    username: player.username,
    email: player.email,
    password: player.password,
    confirmPassword: player.password,
    // An adult who accepts the terms; the age and terms tests send their own.
    dateOfBirth: '1990-04-12',
    acceptTerms: true,
  };
}

/** The six-digit code of the newest message sent to `email`. */
export function codeSentTo(outbox: MailMessage[], email: string): string {
  const message = outbox.filter((m) => m.to === email).at(-1);
  if (!message) throw new Error(`no mail was sent to ${email}`);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  return code;
}

/** The refresh_token cookie a response set, with its attributes. */
export function refreshCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === 'refresh_token');
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

export function register(t: TestApp, player: PlayerDetails, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers,
    payload: registrationBody(player),
  });
}

export function verify(t: TestApp, player: PlayerDetails, otp: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/verify',
    payload: { ...registrationBody(player), otp },
  });
}

export function login(t: TestApp, email: string, password: string, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export function me(t: TestApp, accessToken: string) {
  return t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(accessToken) });
}

/** Registers, verifies with the mailed code and returns the signed-in player. */
export async function createPlayer(
  t: TestApp,
  overrides: Partial<PlayerDetails> = {},
): Promise<SignedInPlayer> {
  const details = newPlayerDetails(overrides);
  const registered = await register(t, details);
  expect(registered.statusCode, registered.body).toBe(201);
  const verified = await verify(t, details, codeSentTo(t.outbox, details.email));
  expect(verified.statusCode, verified.body).toBe(201);
  const accessToken = verified.json<{ access_token: string }>().access_token;
  const refreshToken = refreshCookie(verified)?.value;
  if (!refreshToken) throw new Error('verification set no refresh cookie');
  const profile = await me(t, accessToken);
  return { ...details, id: profile.json<{ id: string }>().id, accessToken, refreshToken };
}

/** Signs an existing player in again: a second session. */
export async function signIn(t: TestApp, player: PlayerDetails): Promise<SignedInPlayer> {
  const res = await login(t, player.email, player.password);
  expect(res.statusCode, res.body).toBe(201);
  const accessToken = res.json<{ access_token: string }>().access_token;
  const refreshToken = refreshCookie(res)?.value ?? '';
  const profile = await me(t, accessToken);
  return { ...player, id: profile.json<{ id: string }>().id, accessToken, refreshToken };
}

/** The error body of a failed answer. */
export function errorOf(res: LightMyRequestResponse) {
  return res.json<{
    error: { code: string; message: string; fields?: { path: string; message: string }[] };
  }>().error;
}

/**
 * An access token made by the server's own token code (token-service.ts), for claims or times
 * a sign-in cannot give: another player's session, a session that does not exist, an expired
 * token, a key that is not the server's. Signed with the test app's key unless told otherwise.
 */
export async function signAccessToken(claims: {
  userId: string;
  sessionId: string;
  /** Seconds since the epoch; now unless given. */
  issuedAt?: number;
  ttlSeconds?: number;
  secret?: string;
}): Promise<string> {
  const issuedAt = claims.issuedAt ?? Math.floor(Date.now() / 1000);
  const { token } = await createTokenService({
    secret: claims.secret ?? testSecrets.JWT_SECRET,
    ttlSeconds: claims.ttlSeconds ?? 60,
    clock: fixedClock(new Date(issuedAt * 1000)),
  }).signAccess({ userId: claims.userId, sessionId: claims.sessionId });
  return token;
}

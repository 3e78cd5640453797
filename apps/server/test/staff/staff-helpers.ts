import type { StaffRole } from '@casino/contracts/operator';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { totpCodeAt } from '../../src/features/auth/two-factor-totp';
import type { Clock } from '../../src/lib/clock';
import { buildTestApp, type TestApp, type TestAppOverrides } from '../helpers/test-app';

/** The service account's token in these tests. */
export const serviceToken = 'staff-test-service-token-0123456789abcdef';

/** Real time plus an offset the test moves: TOTP steps, idle and maximum session times. */
export function shiftingClock(): Clock & { advance(ms: number): void } {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

export type ShiftingClock = ReturnType<typeof shiftingClock>;

export interface StaffApp extends TestApp {
  clock: ShiftingClock;
}

export async function buildStaffApp(overrides: TestAppOverrides = {}): Promise<StaffApp> {
  const clock = shiftingClock();
  const t = await buildTestApp({
    clock,
    ...overrides,
    env: { OPERATOR_API_TOKEN: serviceToken, ...overrides.env },
  });
  return { ...t, clock };
}

export interface StaffMember {
  id: string;
  email: string;
  password: string;
  secret: string;
  /** The Cookie header of the member's current session. */
  cookie: string;
}

let counter = 0;

/** The token of a set-up link `/backoffice/setup#<token>`. */
export const tokenOfLink = (link: string) => link.slice(link.indexOf('#') + 1);

/** A set-up link for a new account, as `staff:create` makes it. */
export async function invite(t: StaffApp, roles: StaffRole[], email?: string) {
  counter += 1;
  const address = email ?? `staff${counter}-${Date.now()}@orbita.test`;
  return t.app.staff.auth.createAccount({ email: address, roles }, { system: 'test' });
}

/** Uses a set-up link: the authenticator's secret, a password and a first code. */
export async function completeSetup(t: StaffApp, token: string, password: string) {
  const begin = await t.app.inject({
    method: 'POST',
    url: '/api/operator/auth/setup/begin',
    payload: { token },
  });
  if (begin.statusCode !== 200) throw new Error(`setup/begin: ${begin.body}`);
  const secret = begin.json<{ totp_secret: string }>().totp_secret;
  const complete = await t.app.inject({
    method: 'POST',
    url: '/api/operator/auth/setup/complete',
    payload: { token, password, code: totpCodeAt(secret, t.clock.now()) },
  });
  if (complete.statusCode !== 204) throw new Error(`setup/complete: ${complete.body}`);
  return secret;
}

/** The next TOTP step's code (a code is accepted once; ±1 step is allowed). */
export function nextCode(t: StaffApp, secret: string): string {
  t.clock.advance(30_000);
  return totpCodeAt(secret, t.clock.now());
}

export function login(t: StaffApp, email: string, password: string, code: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/operator/auth/login',
    payload: { email, password, code },
  });
}

/** The staff cookie a login answer set, as a Cookie header. */
export function cookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'orbita_staff');
  if (!cookie) throw new Error(`no staff cookie: ${res.statusCode} ${res.body}`);
  return `orbita_staff=${cookie.value}`;
}

/** A set-up, signed-in staff member with these roles. */
export async function createStaff(t: StaffApp, roles: StaffRole[]): Promise<StaffMember> {
  const created = await invite(t, roles);
  const password = `staff password ${counter} correct horse`;
  const secret = await completeSetup(t, tokenOfLink(created.setupLink), password);
  const res = await login(t, created.account.email, password, nextCode(t, secret));
  return {
    id: created.account.id,
    email: created.account.email,
    password,
    secret,
    cookie: cookieOf(res),
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request as a staff member (cookie) or the service account (`'service'`). */
export function asStaff(
  t: StaffApp,
  who: StaffMember | 'service',
  method: Method,
  url: string,
  payload?: unknown,
) {
  const headers =
    who === 'service' ? { authorization: `Bearer ${serviceToken}` } : { cookie: who.cookie };
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** The number of audit rows. */
export async function auditCount(t: TestApp): Promise<number> {
  const { rows } = await t.db.execute<{ n: number }>(
    sql`select count(*)::int as n from staff_audit_log`,
  );
  return rows[0]?.n ?? 0;
}

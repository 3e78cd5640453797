import { authErrorCodes } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { createAccountRepository } from './account-repository';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from './password';
import type { SessionClient } from './session-repository';
import type { IssuedSession, SessionService } from './session-service';
import type { TermsService } from './terms';
import { throttleKeys, type AuthThrottle } from './throttle';
import type { TwoFactorChallenge, TwoFactorService } from './two-factor-service';

/** A session, or (two-factor sign-in on) the challenge of the login's second step. */
export type LoginOutcome =
  | { session: IssuedSession; twoFactor?: undefined }
  | { twoFactor: TwoFactorChallenge; session?: undefined };

export interface LoginService {
  /** `client` (user agent, IP) is recorded on the session for the player's device list. */
  login(
    email: string,
    password: string,
    ip: string,
    client?: SessionClient,
    /** Accepts today's terms when the account's are older (else 409 TERMS_NOT_ACCEPTED). */
    acceptTerms?: boolean,
  ): Promise<LoginOutcome>;
  /**
   * The second step: a code (app or recovery) for the challenge login answered. Opens the
   * session; 401 TWO_FACTOR_CHALLENGE_INVALID when the challenge has expired.
   */
  completeTwoFactor(
    challenge: string,
    code: string,
    ip: string,
    client?: SessionClient,
  ): Promise<IssuedSession>;
}

export interface LoginServiceDeps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  throttle: AuthThrottle;
  /** The terms step; the app always passes it (unit tests of the password check may not). */
  terms?: TermsService;
  /** The second step (docs/decisions/051); the app always passes it. */
  twoFactor?: TwoFactorService;
}

function invalidCredentials(): AppError {
  return new AppError(401, authErrorCodes.INVALID_CREDENTIALS, 'Wrong e-mail or password.');
}

/**
 * Login answers one thing for an unknown e-mail and for a wrong password, after the same
 * work (an argon2 verification against a dummy hash), and throttles by the e-mail whether
 * or not an account has it: nothing tells an outsider which addresses have accounts.
 */
export function createLoginService(deps: LoginServiceDeps): LoginService {
  const accounts = createAccountRepository(deps.db);
  return {
    async login(email, password, ip, client, acceptTerms) {
      // Counted before the hash is checked: a burst gets no more checks than the policy.
      const attempt = await deps.throttle.countAttempt(throttleKeys('login', email, ip));

      const account = await accounts.findByEmail(email);
      const storedHash = account?.passwordHash ?? (await dummyPasswordHash());
      const matches = await verifyPassword(storedHash, password);
      if (!account || !matches) throw invalidCredentials();

      await deps.throttle.succeeded(attempt);
      // Hashes made with older parameters are upgraded while the password is at hand.
      if (needsRehash(account.passwordHash)) {
        await accounts.setPasswordHash(account.id, await hashPassword(password), deps.clock.now());
      }
      // Terms changed since this player last accepted them: no session until they accept.
      await deps.terms?.ensureAccepted(account.id, acceptTerms, ip);
      // Two-factor sign-in on: the password was right, but no session without the code.
      if (deps.twoFactor && (await deps.twoFactor.isEnabled(account.id))) {
        return { twoFactor: deps.twoFactor.challenge(account.id) };
      }
      return { session: await deps.sessions.open(account.id, undefined, client) };
    },
    async completeTwoFactor(challenge, code, ip, client) {
      if (!deps.twoFactor) throw invalidCredentials();
      const userId = await deps.twoFactor.completeChallenge(challenge, code, ip);
      return deps.sessions.open(userId, undefined, client);
    },
  };
}

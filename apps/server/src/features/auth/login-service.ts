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

export interface LoginService {
  /** `client` (user agent, IP) is recorded on the session for the player's device list. */
  login(
    email: string,
    password: string,
    ip: string,
    client?: SessionClient,
    /** Accepts today's terms when the account's are older (else 409 TERMS_NOT_ACCEPTED). */
    acceptTerms?: boolean,
  ): Promise<IssuedSession>;
}

export interface LoginServiceDeps {
  db: Database;
  clock: Clock;
  sessions: SessionService;
  throttle: AuthThrottle;
  /** The terms step; the app always passes it (unit tests of the password check may not). */
  terms?: TermsService;
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
      return deps.sessions.open(account.id, undefined, client);
    },
  };
}

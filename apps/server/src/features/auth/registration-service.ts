import { randomUUID } from 'node:crypto';
import {
  limits,
  type Language,
  type RegisterResponse,
  type registerRequestSchema,
  type verifyRequestSchema,
} from '@casino/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/database';
import { uniqueViolation } from '../../db/unique-violation';
import type { Clock } from '../../lib/clock';
import { assertPasswordNotCommon, codeRefused, emailBusy, usernameBusy } from './account-errors';
import { createAccountRepository } from './account-repository';
import type { CodeSender } from './code-sender';
import { hashCode } from './otp';
import { hashPassword } from './password';
import { pendingRegistrationCodes } from './code-stores';
import type { SessionClient } from './session-repository';
import type { IssuedSession, SessionService } from './session-service';
import type { AuthThrottle } from './throttle';
import { assertOldEnough, type TermsService } from './terms';

export type Registration = z.output<typeof registerRequestSchema>;
export type Verification = z.output<typeof verifyRequestSchema>;

export interface RegistrationService {
  /** Checks the details and e-mails a code; no account exists yet. */
  register(input: Registration, language: Language, ip: string): Promise<RegisterResponse>;
  /** The right code creates the account and its wallet and opens a session. */
  verify(input: Verification, client?: SessionClient): Promise<IssuedSession>;
}

export interface RegistrationServiceDeps {
  db: Database;
  clock: Clock;
  codeSender: CodeSender;
  sessions: SessionService;
  otpSecret: string;
  throttle: AuthThrottle;
  terms: TermsService;
}

/**
 * Registration in two steps. Pending registrations reserve nothing: a name or address is
 * "taken" only by an account, and the account is created at verification, where the unique
 * indexes decide between two registrations racing for one name (the first to verify wins;
 * the other gets 409 and picks another). Reserving names at registration would let anyone
 * squat names with addresses they do not own. See docs/decisions/012.
 */
export function createRegistrationService(deps: RegistrationServiceDeps): RegistrationService {
  const accounts = createAccountRepository(deps.db);
  const constraintErrors: Record<string, () => Error> = {
    users_username_lower_key: usernameBusy,
    users_email_key: emailBusy,
  };

  return {
    async register(input, language, ip) {
      assertOldEnough(input.dateOfBirth, deps.clock.now(), deps.terms.policy.minAge);
      assertPasswordNotCommon(input.password, 'password');
      // Per IP, before anything is looked up (so the limit says nothing about accounts).
      await deps.throttle.countRegistration(ip);
      const taken = await accounts.taken(input.username, input.email);
      if (taken.email) throw emailBusy();
      if (taken.username) throw usernameBusy();

      const sent = await deps.codeSender.send({
        purpose: 'registration',
        address: input.email,
        username: input.username,
        language,
      });
      await pendingRegistrationCodes(deps.db).put(
        input.email,
        { username: input.username, codeHash: sent.codeHash, codeExpiresAt: sent.codeExpiresAt },
        deps.clock.now(),
      );
      return {
        message: `A ${limits.otpLength}-digit code was sent to ${input.email}.`,
        resend_after: sent.resendAfterSeconds,
        expires_in: sent.expiresInSeconds,
      };
    },

    async verify(input, client) {
      assertOldEnough(input.dateOfBirth, deps.clock.now(), deps.terms.policy.minAge);
      assertPasswordNotCommon(input.password, 'password');
      const now = deps.clock.now();
      const candidate = hashCode(deps.otpSecret, 'registration', input.email, input.otp);

      // First transaction: judge the code and count a wrong one. It commits before the
      // answer, so the count survives the error thrown below.
      const judged = await deps.db.transaction((tx) =>
        pendingRegistrationCodes(tx).judge(input.email, () => candidate, now),
      );
      const check = judged?.check ?? 'invalid';
      if (check !== 'ok') throw codeRefused(check);

      // Hashing takes a tenth of a second: outside any transaction, and only for a right code.
      const passwordHash = await hashPassword(input.password);
      const userId = randomUUID();
      try {
        return await deps.db.transaction(async (tx) => {
          const consumed = await pendingRegistrationCodes(tx).consume(
            input.email,
            candidate,
            deps.clock.now(),
          );
          if (!consumed) throw codeRefused('invalid');
          await createAccountRepository(tx).create(
            {
              id: userId,
              username: input.username,
              email: input.email,
              passwordHash,
              currency: limits.currency,
              dateOfBirth: input.dateOfBirth,
            },
            now,
          );
          // The terms were accepted with the form: recorded with the versions, time and IP.
          await deps.terms.record(userId, client?.ip ?? 'unknown', tx);
          return deps.sessions.open(userId, tx, client);
        });
      } catch (error) {
        // The transaction rolled back, so the code was not used up: after choosing another
        // name the player can verify again with the same code.
        const constraint = uniqueViolation(error);
        const mapped = constraint === undefined ? undefined : constraintErrors[constraint];
        throw mapped ? mapped() : error;
      }
    },
  };
}

import { randomUUID } from 'node:crypto';
import { ErrorCode, authErrorCodes, type Language } from '@casino/contracts';
import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Mailer } from '../../lib/mail/mailer';
import { codeMail, type CodePurpose } from '../../lib/mail/otp-templates';
import { generateCode, hashCode, otpPolicy, resendWaitSeconds, type CodeSend } from './otp';
import { createOtpSendRepository } from './otp-send-repository';

export interface CodeSenderDeps {
  db: Database;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  otpSecret: string;
  publicUrl: string | undefined;
}

export interface CodeRequest {
  purpose: CodePurpose;
  /** Where the code goes (lower-cased already). */
  address: string;
  username: string;
  language: Language;
}

export interface SentCode {
  /** To store in place of the code. */
  codeHash: string;
  codeExpiresAt: Date;
  expiresInSeconds: number;
  /** Seconds until the next code may be asked for this address. */
  resendAfterSeconds: number;
}

/** A send counted against the address's resend limits, before the mail goes. */
export interface ReservedSend {
  id: string;
  at: Date;
  purpose: CodePurpose;
  /** Every counted send of the address in the window, this one included. */
  sends: CodeSend[];
}

export interface CodeSender {
  /**
   * E-mails a fresh code, within the resend limits of the address (429 OTP_RESEND_LIMIT
   * with Retry-After otherwise). When the mail cannot be handed over, the send is taken
   * back (it does not count against the limits) and the answer is 503.
   */
  send(request: CodeRequest): Promise<SentCode>;
  /**
   * The first half of send: counts a send against the address (429 OTP_RESEND_LIMIT when
   * over). Password reset counts every request this way, account or not, so the limits
   * answer alike for every address.
   */
  reserve(address: string, purpose: CodePurpose): Promise<ReservedSend>;
  /** The second half: makes the code and mails it (503, send taken back, on failure). */
  deliver(request: CodeRequest, slot: ReservedSend): Promise<SentCode>;
}

export function createCodeSender(deps: CodeSenderDeps): CodeSender {
  const sender: CodeSender = {
    async send(request) {
      return sender.deliver(request, await sender.reserve(request.address, request.purpose));
    },

    async reserve(address, purpose) {
      const now = deps.clock.now();
      const sendId = randomUUID();
      const slot = await deps.db.transaction((tx) =>
        createOtpSendRepository(tx).reserve(
          { id: sendId, address, purpose },
          now,
          new Date(now.getTime() - otpPolicy.resendWindowMs),
          (sends) => resendWaitSeconds(sends, purpose, now),
        ),
      );
      if (!slot.reserved) {
        throw new AppError(
          429,
          authErrorCodes.OTP_RESEND_LIMIT,
          'A code was sent to this address recently; wait before asking for another one.',
          undefined,
          slot.waitSeconds,
        );
      }
      return { id: sendId, at: now, purpose, sends: slot.sends };
    },

    async deliver(request, slot) {
      const now = slot.at;
      const code = generateCode();
      const mail = codeMail({
        purpose: request.purpose,
        language: request.language,
        code,
        username: request.username,
        validMinutes: otpPolicy.validMs / 60_000,
        publicUrl: deps.publicUrl,
      });
      try {
        await deps.mailer.send({ to: request.address, ...mail });
      } catch (error) {
        deps.logger.error({ err: error, purpose: request.purpose }, 'one-time code not sent');
        await createOtpSendRepository(deps.db).release(slot.id);
        throw new AppError(
          503,
          ErrorCode.SERVICE_UNAVAILABLE,
          'The e-mail could not be sent right now. Please try again in a moment.',
        );
      }

      return {
        codeHash: hashCode(deps.otpSecret, request.purpose, request.address, code),
        codeExpiresAt: new Date(now.getTime() + otpPolicy.validMs),
        expiresInSeconds: otpPolicy.validMs / 1000,
        resendAfterSeconds: resendWaitSeconds(slot.sends, slot.purpose, now),
      };
    },
  };
  return sender;
}

/**
 * The auth feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { assertPasswordNotCommon, codeRefused, emailBusy, usernameBusy } from './account-errors';
export { createAccountRepository } from './account-repository';
export { authFeature } from './auth-feature';
export { bearerToken, requirePlayer, signedInRoutes, unauthorized } from './authenticate';
export { limitedPosts } from './limited-posts';
export type { SubmissionDoc } from './limited-posts';
export { privateRoutes } from './private-routes';
export type { CodeSender } from './code-sender';
export { createCodeStore } from './code-store';
export { hashCode, otpPolicy } from './otp';
export type { StoredCode } from './otp';
export { hashPassword, verifyPassword } from './password';
export { clearRefreshCookie } from './refresh-cookie';
export type { AuthenticatedPlayer, SessionService } from './session-service';
export { throttleKeys } from './throttle';
export type { AuthThrottle } from './throttle';
export type { TwoFactorService } from './two-factor-service';
export { describeUserAgent } from './device-description';
export type { GeoLookup } from './geo-lookup';
export { dummyPasswordHash, isCommonPassword } from './password';
export { createOriginCheck } from './same-origin';
export { createSessionRepository } from './session-repository';
export { throttlePolicies } from './throttle';
export type { ThrottleKeys } from './throttle';
export {
  decryptSecret,
  deriveTwoFactorKeys,
  encryptSecret,
  generateTotpSecret,
  matchTotp,
  otpauthUri,
} from './two-factor-totp';
export { authPersonalData, twoFactorPersonalData } from './auth-personal-data';

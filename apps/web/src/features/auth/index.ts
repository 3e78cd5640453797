/**
 * The auth feature's public entry: what the shell and the other features may use of it
 * (decision 034). Everything else under features/auth is its own business.
 */
export { useAuthStore, type User } from './auth-store';
export { meQueryKey, meQueryOptions, toUser, useMe } from './api/get-me';
export { useLogout } from './api/logout';
export { readAccessToken } from './session/tokens';
export { startSession } from './session/start-session';
export { endSession, onSessionEnded } from './session/session-events';
export { RequireAuth } from './components/require-auth';
export { useReturnAfterSignIn } from './return-after-sign-in';
export { LazyAuthModal, preloadAuthModals } from './components/lazy-auth-modal';
export {
  busyText,
  useAvailability,
  useAvailabilityNote,
  type AvailabilityKind,
  type AvailabilityStatus,
} from './hooks/use-availability';
export {
  fetchTwoFactorStatus,
  twoFactorStatusOptions,
  useTwoFactorStatus,
} from './api/two-factor-status';
export { TwoFactorCodeField, twoFactorErrorText } from './components/two-factor-code-field';
export { useSecondFactorField } from './hooks/use-second-factor-field';
export { AccountField } from './components/account-fields';

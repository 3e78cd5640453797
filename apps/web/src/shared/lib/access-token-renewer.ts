/**
 * Renews the access token after a 401 and resolves with the token to retry with; rejects when
 * the session is over. `failedToken` is the token the refused request carried.
 *
 * The auth feature installs it at start-up (features/auth/session/start-session.ts) and the API
 * client calls it. It lives apart from the client so that installing it does not pull the
 * client into the first download: the client arrives with the first screen that calls the API.
 */
export type AccessTokenRenewer = (failedToken: string) => Promise<string>;

let installed: AccessTokenRenewer | null = null;

export function setAccessTokenRenewer(renewer: AccessTokenRenewer | null): void {
  installed = renewer;
}

export function getAccessTokenRenewer(): AccessTokenRenewer | null {
  return installed;
}

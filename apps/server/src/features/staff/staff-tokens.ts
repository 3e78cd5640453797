import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits as 43 base64url characters: set-up links and session cookies. */
export function newStaffToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashStaffToken(token) };
}

/** Only the SHA-256 is stored: a copy of the database opens no session. */
export function hashStaffToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

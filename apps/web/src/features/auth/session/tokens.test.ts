import { afterEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '../auth-store';
import { clearStoredSession, markStoredSession, storeAccessToken } from './tokens';

const hint = () => /(?:^|; )has_session=([^;]*)/.exec(document.cookie)?.[1];

// The server preloads a guest's API answers unless this hint says a session is stored
// (decision 057): it must follow the stored session both ways.
describe('the session hint for the server', () => {
  afterEach(() => {
    clearStoredSession();
  });

  it('is set with a stored session and cleared with it', () => {
    expect(hint()).toBeUndefined();
    storeAccessToken('access-1');
    expect(hint()).toBe('1');
    clearStoredSession();
    expect(hint()).toBeUndefined();
  });

  it('is cleared by a sign-out and copied from a session stored before it existed', () => {
    storeAccessToken('access-2');
    useAuthStore.getState().logout();
    expect(hint()).toBeUndefined();

    localStorage.setItem('refreshToken', 'httpOnly-cookie');
    markStoredSession();
    expect(hint()).toBe('1');
  });
});

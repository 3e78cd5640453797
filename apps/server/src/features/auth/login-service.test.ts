import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDb, type TestDatabase } from '../../../test/helpers/test-database';
import { systemClock } from '../../lib/clock';
import { createLoginService } from './login-service';
import { dummyPasswordHash, verifyPassword } from './password';
import type * as PasswordModule from './password';
import type { SessionService } from './session-service';
import type { AuthThrottle, CountedAttempt, ThrottleKeys } from './throttle';

// Spy on the real argon2 verification: the property under test is that an unknown e-mail
// costs the same argon2 work as a wrong password, proven by the call, not by a stopwatch.
vi.mock('./password', async (importOriginal) => {
  const actual = await importOriginal<typeof PasswordModule>();
  return { ...actual, verifyPassword: vi.fn(actual.verifyPassword) };
});

describe('login service', () => {
  let testDb: TestDatabase;
  const countAttempt = vi.fn((keys: ThrottleKeys) =>
    Promise.resolve({ keys, at: new Date(), counted: {} as CountedAttempt['counted'] }),
  );
  const succeeded = vi.fn(() => Promise.resolve());
  const throttle: AuthThrottle = {
    countAttempt,
    succeeded,
    countRegistration: () => Promise.resolve(),
  };
  const sessions = {
    open: () => Promise.reject(new Error('no session may open')),
  } as unknown as SessionService;

  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb.destroy();
  });

  it('verifies against the dummy hash when the e-mail has no account', async () => {
    const service = createLoginService({ db: testDb.db, clock: systemClock, sessions, throttle });
    await expect(
      service.login('nobody@example.com', 'some password', '10.0.0.1'),
    ).rejects.toMatchObject({
      statusCode: 401,
      code: 'INVALID_CREDENTIALS',
    });
    expect(verifyPassword).toHaveBeenCalledTimes(1);
    expect(vi.mocked(verifyPassword).mock.calls[0]?.[0]).toBe(await dummyPasswordHash());
    // The unknown e-mail is throttled like a real one: counted, never given back.
    expect(countAttempt).toHaveBeenCalledTimes(1);
    expect(succeeded).not.toHaveBeenCalled();
  });
});

import { describe, expect, it } from 'vitest';
import {
  dummyPasswordHash,
  hashPassword,
  isCommonPassword,
  needsRehash,
  verifyPassword,
} from './password';

describe('password hashing', () => {
  it('hashes with argon2id at the OWASP parameters and verifies', async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
    expect(needsRehash(stored)).toBe(false);
  });

  it('treats a malformed or weaker hash safely', async () => {
    expect(await verifyPassword('not a hash', 'x')).toBe(false);
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA')).toBe(
      true,
    );
    expect(needsRehash('garbage')).toBe(true);
  });

  it('keeps one dummy hash that matches nothing typed', async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(await verifyPassword(dummy, 'password')).toBe(false);
  });
});

describe('common passwords', () => {
  it.each(['password', 'password1', 'Password1', 'qwertyuiop', '12345678', 'iloveyou'])(
    'refuses %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['correct horse battery', 'Tr0ub4dor&3-but-longer', 'лошадь батарея скрепка'])(
    'accepts %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );
});

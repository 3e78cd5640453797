import { describe, expect, it } from 'vitest';
import { loginRequestSchema, registerRequestSchema, verifyRequestSchema } from './auth';
import { settingsRequestSchema } from './user';

const good = {
  username: 'lucky_7',
  email: '  Player@Example.COM ',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  dateOfBirth: '1990-04-12',
  acceptTerms: true,
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);
}

describe('registration schema', () => {
  it('needs a real date of birth and the terms accepted', () => {
    expect(messages(registerRequestSchema.safeParse({ ...good, dateOfBirth: '' }))).toContain(
      'dateOfBirth:dateofbirtherror',
    );
    expect(
      messages(registerRequestSchema.safeParse({ ...good, dateOfBirth: '1990-02-30' })),
    ).toContain('dateOfBirth:dateofbirthinvalid');
    expect(messages(registerRequestSchema.safeParse({ ...good, acceptTerms: false }))).toContain(
      'acceptTerms:accepttermserror',
    );
  });

  it('trims and lower-cases the e-mail', () => {
    const parsed = registerRequestSchema.parse(good);
    expect(parsed.email).toBe('player@example.com');
  });

  it('uses the spec keys for missing fields', () => {
    const r = registerRequestSchema.safeParse({
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
    });
    expect(messages(r)).toEqual(
      expect.arrayContaining([
        'username:usernameerror',
        'email:emailerror',
        'password:passworderror',
        'confirmPassword:confirmpassworderror',
      ]),
    );
  });

  it('enforces the username and password limits', () => {
    expect(messages(registerRequestSchema.safeParse({ ...good, username: 'ab' }))).toContain(
      'username:usernamelength',
    );
    expect(
      messages(registerRequestSchema.safeParse({ ...good, username: 'a'.repeat(21) })),
    ).toContain('username:usernamelength');
    expect(messages(registerRequestSchema.safeParse({ ...good, username: 'bad name' }))).toContain(
      'username:usernamechars',
    );
    expect(
      messages(
        registerRequestSchema.safeParse({
          ...good,
          password: 'short77',
          confirmPassword: 'short77',
        }),
      ),
    ).toContain('password:6chars');
    const long = 'x'.repeat(129);
    expect(
      messages(registerRequestSchema.safeParse({ ...good, password: long, confirmPassword: long })),
    ).toContain('password:passwordtoolong');
    expect(registerRequestSchema.safeParse({ ...good, username: 'abc' }).success).toBe(true);
    expect(registerRequestSchema.safeParse({ ...good, username: 'a'.repeat(20) }).success).toBe(
      true,
    );
  });

  it('refuses a confirmation that does not match', () => {
    expect(
      messages(registerRequestSchema.safeParse({ ...good, confirmPassword: 'other pass' })),
    ).toContain('confirmPassword:passwordsdonotmatch');
  });

  it('needs exactly six digits at verification', () => {
    expect(verifyRequestSchema.safeParse({ ...good, otp: '123456' }).success).toBe(true);
    for (const otp of ['12345', '1234567', '12a456', '']) {
      expect(messages(verifyRequestSchema.safeParse({ ...good, otp }))).toContain('otp:otperror');
    }
  });
});

describe('login and settings schemas', () => {
  it('requires e-mail and password', () => {
    expect(messages(loginRequestSchema.safeParse({ email: '', password: '' }))).toEqual([
      'email:emailerror',
      'password:passworderror',
    ]);
  });

  it('takes one of username or e-mail, not both', () => {
    expect(settingsRequestSchema.safeParse({ username: 'new_name' }).success).toBe(true);
    expect(settingsRequestSchema.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(settingsRequestSchema.safeParse({ username: 'new_name', email: 'a@b.co' }).success).toBe(
      false,
    );
    expect(settingsRequestSchema.safeParse({}).success).toBe(false);
  });
});

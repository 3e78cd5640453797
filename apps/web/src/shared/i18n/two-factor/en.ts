/**
 * English texts of two-factor sign-in (the login's second step, the profile card, the code
 * field of the e-mail change and of withdrawals). Loaded with those screens:
 * `registerTwoFactorMessages()` adds them. ru.ts is typed against this shape.
 */
export const twoFactorEn = {
  twoFactor: {
    field: {
      label: 'Two-factor code',
      note: 'The 6-digit code from your authenticator app, or a recovery code',
      required: 'Enter the code from your authenticator app',
      invalid: 'Wrong or already used code',
      format: 'Enter 6 digits, or a recovery code like abcde-fgh23',
    },
    login: {
      title: 'Two-factor sign-in',
      lead: 'Enter the 6-digit code from your authenticator app.',
      recoveryLead: 'Enter one of your recovery codes. Each code works once.',
      codeLabel: 'Authenticator code',
      recoveryLabel: 'Recovery code',
      useRecovery: 'Use a recovery code',
      useApp: 'Use the authenticator app',
      submit: 'Log in',
      back: 'Back to login',
      expired: 'This sign-in has expired. Enter your e-mail and password again.',
      tooMany: 'Too many wrong codes. Try again {{when}}.',
      failed: 'Login is Failed',
    },
    card: {
      title: 'Two-factor authentication',
      leadOff:
        'Protect your account with a second step: a code from an authenticator app on your phone at each sign-in, e-mail change and withdrawal.',
      leadOn: 'On since {{date}}. Sign-ins, e-mail changes and withdrawals ask for a code.',
      statusOn: 'On',
      statusOff: 'Off',
      enable: 'Turn on',
      loadFailed: 'The two-factor settings could not be loaded.',
      retry: 'Retry',
      scan: 'Scan this QR code with an authenticator app (Google Authenticator, Authy, 1Password…), then enter the code it shows.',
      qrLabel: 'QR code of the two-factor secret',
      manual: 'Cannot scan? Enter this key in the app:',
      copyKey: 'Copy the key',
      copied: 'Copied',
      confirmLabel: 'Code from the app',
      confirm: 'Turn on',
      cancel: 'Cancel',
      enabled: 'Two-factor authentication is on',
      codesTitle: 'Your recovery codes',
      codesLead:
        'Keep these codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.',
      copyCodes: 'Copy the codes',
      download: 'Download',
      done: 'I have saved them',
      codesLeft: 'Recovery codes left: {{count}}',
      regenerate: 'New recovery codes',
      regenerateLead: 'Enter a code from the app: new codes replace the old ones.',
      regenerateSubmit: 'Make new codes',
      disable: 'Turn off',
      disableLead: 'Enter your password and a code from the app (or a recovery code).',
      password: 'Password',
      wrongPassword: 'Wrong password',
      disableSubmit: 'Turn off two-factor',
      disabled: 'Two-factor authentication is off',
      toastTitle: 'Two-factor authentication',
      failed: 'Something went wrong: {{reason}}',
      fileTitle: 'Orbita recovery codes',
    },
  },
};

export type TwoFactorMessages = typeof twoFactorEn;

/** Texts of the identity check (KYC) and of the player's data: export and closure. */
export const identityEn = {
  identity: {
    title: 'Identity verification',
    lead: 'Before money leaves your account we check who you are: send a photo or scan of an identity document and a proof of address. An operator reviews them, usually within a day.',
    cardLead: 'Needed before your first withdrawal and for large ones.',
    open: 'Verify identity',
    openStatus: 'View verification',
    loading: 'Loading your verification',
    failed: 'Your verification could not be loaded.',
    retry: 'Retry',
    status: {
      not_started: 'Not started',
      pending: 'Under review',
      verified: 'Verified',
      rejected: 'Rejected',
    },
    statusText: {
      not_started: 'Send both documents below to start the check.',
      pending: 'Your documents are with an operator. You will see the result here.',
      verified: 'Your identity is verified. Withdrawals are open.',
      rejected: 'The check was rejected. Send a new document to try again.',
    },
    reason: 'Reason: {{reason}}',
    documents: {
      identity: 'Identity document',
      identityHint: 'Passport, ID card or driving licence: the page with your photo.',
      address: 'Proof of address',
      addressHint: 'A utility bill or bank statement from the last three months.',
    },
    formats: 'JPEG, PNG or PDF, up to {{size}} MB',
    choose: 'Choose a file',
    replace: 'Replace the file',
    uploading: 'Uploading…',
    uploaded: 'Sent {{when}} ({{size}})',
    missing: 'Not sent yet',
    uploadedToast: 'The document was sent.',
    errors: {
      type: 'This file is not a JPEG, PNG or PDF.',
      size: 'The file is too large: at most {{size}} MB.',
      empty: 'The file is empty.',
      verified: 'Your identity is already verified.',
      failed: 'The document could not be sent. Try again.',
      refused:
        'This file cannot be accepted: a PDF must carry no scripts, actions, attached files or password, and a picture at most 50 megapixels. Send a photo or a plain PDF.',
      tooOften: 'Too many uploads in the last hour: try again later.',
    },
    withdrawal: {
      firstNeedsVerification:
        'Your first withdrawal needs a verified identity. Verify it before you fill in the form.',
      overThreshold: 'Withdrawals above {{amount}} need a verified identity.',
      pending: 'Your documents are under review: you can withdraw once they are verified.',
      link: 'Go to verification',
    },
  },
  privacy: {
    title: 'Your data and account',
    lead: 'Download everything we keep about you, or close your account for good.',
    export: 'Download my data',
    exporting: 'Preparing the file…',
    exported: 'Your data was downloaded.',
    exportFailed: 'The file could not be prepared. Try again.',
    close: 'Close account',
    closeTitle: 'Close your account?',
    closeWarning:
      'This cannot be undone. Your name, e-mail, date of birth, avatar and documents are removed; the record of your transactions is kept as the law requires. The balance must be zero and no withdrawal may be on its way.',
    password: 'Password',
    confirm: 'Close my account',
    cancel: 'Keep my account',
    closed: 'Your account is closed.',
    wrongPassword: 'The password is wrong.',
    balanceNotZero: 'Withdraw your balance before closing the account.',
    withdrawalPending: 'A withdrawal is still on its way: close the account once it is paid.',
    closeFailed: 'The account could not be closed. Try again.',
  },
};

export type IdentityMessages = typeof identityEn;

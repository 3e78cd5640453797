import { create } from 'zustand';

export interface RegistrationDraft {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  /** YYYY-MM-DD from the date input; '' until chosen. */
  dateOfBirth: string;
  acceptTerms: boolean;
}

export type RegistrationField = keyof RegistrationDraft;

/** The Register form's fields in the order it shows them (the first bad one takes the focus). */
export const registrationFields: readonly RegistrationField[] = [
  'username',
  'email',
  'password',
  'confirmPassword',
  'dateOfBirth',
  'acceptTerms',
];

/**
 * A problem the server found with a field: "busy" (name or e-mail taken), "common" (a password
 * from the breached-passwords list), or a validation key of the contracts.
 */
export type ServerFieldError = 'busy' | 'common' | (string & {});

/** What is wrong with the typed code (shown under the code input). */
export type CodeError = 'invalid' | 'expired' | 'attempts' | 'format';

const emptyDraft: RegistrationDraft = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  dateOfBirth: '',
  acceptTerms: false,
};

interface RegistrationState {
  /** What the player typed: kept while they move between Register and Verify and on errors. */
  draft: RegistrationDraft;
  serverErrors: Partial<Record<RegistrationField, ServerFieldError>>;
  /** The address the last code went to, once the server confirmed sending it. */
  sentTo: string | null;
  /** When "send again" becomes possible (epoch ms). */
  resendAt: number | null;
  codeError: CodeError | null;
  setDraft: (draft: RegistrationDraft) => void;
  setServerErrors: (errors: Partial<Record<RegistrationField, ServerFieldError>>) => void;
  /** The server accepted the registration and sent a code. */
  codeSent: (email: string, resendAfterSeconds: number) => void;
  /** Sending was refused for now: keep the countdown going. */
  holdResend: (seconds: number) => void;
  setCodeError: (error: CodeError | null) => void;
  reset: () => void;
}

export const useRegistrationStore = create<RegistrationState>()((set) => ({
  draft: emptyDraft,
  serverErrors: {},
  sentTo: null,
  resendAt: null,
  codeError: null,
  setDraft: (draft) => set({ draft, serverErrors: {} }),
  setServerErrors: (serverErrors) => set({ serverErrors }),
  codeSent: (email, resendAfterSeconds) =>
    set({ sentTo: email, resendAt: Date.now() + resendAfterSeconds * 1000, codeError: null }),
  holdResend: (seconds) => set({ resendAt: Date.now() + seconds * 1000 }),
  setCodeError: (codeError) => set({ codeError }),
  reset: () =>
    set({ draft: emptyDraft, serverErrors: {}, sentTo: null, resendAt: null, codeError: null }),
}));

import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { ForgotPasswordModal } from './forgot-password-modal';
import { LoginModal } from './login-modal';
import { RegisterModal } from './register-modal';
import { registerTwoFactorMessages } from '../../../shared/i18n/two-factor/register';
import { TermsModal } from './terms-modal';
import { TwoFactorLoginModal } from './two-factor-login-modal';
import { VerifyModal } from './verify-modal';

// This module is the lazily loaded entry of the auth modals: their texts and the contract
// schemas (zod) arrive with it, never in the first download.
registerAccountMessages();
registerTwoFactorMessages();

export type AuthModalId =
  'login' | 'register' | 'verify' | 'forgotPassword' | 'terms' | 'twoFactor';

/** The Login, Register and Verify modals (SPEC §2 "Modals"). */
export function AuthModal({ id }: { id: AuthModalId }) {
  switch (id) {
    case 'login':
      return <LoginModal />;
    case 'register':
      return <RegisterModal />;
    case 'verify':
      return <VerifyModal />;
    case 'forgotPassword':
      return <ForgotPasswordModal />;
    case 'terms':
      return <TermsModal />;
    case 'twoFactor':
      return <TwoFactorLoginModal />;
  }
}

import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useTwoFactorLoginStore } from '../two-factor-login-store';
import { TwoFactorLoginForm } from './two-factor-login-form';
import { ModalSwitch } from './form-parts';

/**
 * The login's second step (docs/decisions/051): the password was right and the account has
 * two-factor sign-in on. An expired step goes back to login with a toast.
 */
export function TwoFactorLoginModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const open = useModalStore((state) => state.open);

  const cancel = () => {
    useTwoFactorLoginStore.getState().clear();
    close();
  };
  const backToLogin = () => {
    useTwoFactorLoginStore.getState().clear();
    open('login');
  };
  const expired = () => {
    toast.error(t('twoFactor.login.expired'), t('twoFactor.login.failed'));
    backToLogin();
  };

  return (
    <Modal open onClose={cancel} title={t('modal.twoFactor.title')} name="twoFactor">
      <TwoFactorLoginForm onExpired={expired} />
      <ModalSwitch
        action={t('twoFactor.login.back')}
        onClick={backToLogin}
        testId="two-factor-back"
      />
    </Modal>
  );
}

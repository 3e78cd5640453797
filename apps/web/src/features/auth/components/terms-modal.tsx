import { ScrollText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useLogin } from '../api/login';
import { useLoginDraftStore } from '../login-draft-store';
import styles from './auth-form.module.css';

/**
 * Login answered 409 TERMS_NOT_ACCEPTED: the terms or privacy policy changed since this player
 * accepted them. Accepting sends the same login again with acceptTerms (the server records the
 * versions with time and IP); declining leaves the player signed out.
 */
export function TermsModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const login = useLogin();

  const accept = () => {
    const { email, password } = useLoginDraftStore.getState();
    close();
    login.mutate({ email, password, acceptTerms: true });
  };
  const decline = () => {
    useLoginDraftStore.getState().clear();
    close();
  };

  return (
    <Modal open onClose={decline} title={t('modal.terms.title')} name="terms">
      <div className={styles.form}>
        <div className={styles.sent}>
          <span className={styles.sentIcon} aria-hidden="true">
            <ScrollText size={22} strokeWidth={1.75} />
          </span>
          <p>{t('auth.login.termsChanged')}</p>
        </div>
        <Button
          variant="primary"
          size="lg"
          block
          onClick={accept}
          data-autofocus
          data-testid="terms-accept"
        >
          {t('auth.login.termsAccept')}
        </Button>
        <Button variant="secondary" size="lg" block onClick={decline} data-testid="terms-decline">
          {t('auth.login.termsDecline')}
        </Button>
      </div>
    </Modal>
  );
}

import { LogIn, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { Modal } from '../../../shared/ui/modal/modal';
import { ModalNotice } from '../../../shared/ui/modal/modal-notice';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import styles from './auth-modals.module.css';

type AuthModalKind = 'login' | 'register';

/**
 * The Login and Register modals. The frame, title and switch link are final; the body is a
 * notice until accounts exist (a later issue puts the forms in its place).
 */
export function AuthModal({ kind }: { kind: AuthModalKind }) {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const open = useModalStore((state) => state.open);
  const other: AuthModalKind = kind === 'login' ? 'register' : 'login';

  return (
    <Modal open onClose={close} title={t(`modal.${kind}.title`)} name={kind}>
      <ModalNotice icon={kind === 'login' ? LogIn : UserPlus} text={t(`modal.${kind}.text`)} />
      <Button variant="primary" size="lg" block onClick={close} data-autofocus>
        {t('modal.gotIt')}
      </Button>
      <p className={styles.switch}>
        {t(`modal.${kind}.switchPrompt`)}{' '}
        <button type="button" className={styles.link} onClick={() => open(other)}>
          {t(`modal.${kind}.switchAction`)}
        </button>
      </p>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { VerifyCodeForm } from './verify-code-form';

/** Verify (SPEC §2, §4): opens while the registration is on its way. */
export function VerifyModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  return (
    <Modal open onClose={close} title={t('modal.verify.title')} name="verify">
      <VerifyCodeForm />
    </Modal>
  );
}

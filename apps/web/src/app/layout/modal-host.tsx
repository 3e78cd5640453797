import { CreditCard, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LazyAuthModal, useAuthStore } from '../../features/auth';
import { LazyLimitsOffer } from '../../features/responsible-gaming';
import { LazyPlayModal } from '../../features/games';
import { Button } from '../../shared/ui/button/button';
import { Modal } from '../../shared/ui/modal/modal';
import { ModalNotice } from '../../shared/ui/modal/modal-notice';
import { useModalStore, type ModalId } from '../../shared/ui/modal/modal-store';

/** Renders the one open modal of the modal store, if any. */
export function ModalHost() {
  const modal = useModalStore((state) => state.modal);
  if (!modal) return null;
  return <ModalContent id={modal} />;
}

function ModalContent({ id }: { id: ModalId }) {
  switch (id) {
    case 'login':
    case 'register':
    case 'verify':
    case 'forgotPassword':
    case 'terms':
    case 'twoFactor':
      return <LazyAuthModal id={id} />;
    case 'play':
      return <LazyPlayModal />;
    case 'cardPay':
      return <NoticeModal id={id} icon={CreditCard} />;
    case 'rgOffer':
      return <LimitsStep />;
  }
}

/** The step after registration: a deposit limit now, or skip (issue 29). */
function LimitsStep() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const userId = useAuthStore((state) => state.user?.id);
  if (!userId) return null;
  return (
    <Modal open onClose={close} title={t('modal.rgOffer.title')} name="rgOffer">
      <LazyLimitsOffer userId={userId} onDone={close} />
    </Modal>
  );
}

/** A modal whose feature arrives in a later issue: its final title and a short notice. */
function NoticeModal({ id, icon }: { id: 'cardPay'; icon: LucideIcon }) {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  return (
    <Modal open onClose={close} title={t(`modal.${id}.title`)} name={id}>
      <ModalNotice icon={icon} text={t(`modal.${id}.text`)} />
      <Button variant="primary" size="lg" block onClick={close}>
        {t('modal.gotIt')}
      </Button>
    </Modal>
  );
}

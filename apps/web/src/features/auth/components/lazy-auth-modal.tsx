import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import type { AuthModalId } from './auth-modals';
import styles from './lazy-auth-modal.module.css';

const loadAuthModals = () => import('./auth-modals');

const AuthModal = lazy(() => loadAuthModals().then((m) => ({ default: m.AuthModal })));

/** Starts downloading the auth modals (on hover or focus of Log in / Register). */
export function preloadAuthModals(): void {
  void loadAuthModals().catch(() => undefined);
}

/**
 * The auth modals, downloaded on first use: the forms, their validation (zod and the contract
 * schemas) and their texts stay out of the first download. While the chunk arrives, the modal
 * frame with its final title is shown, so the click answers at once.
 */
export function LazyAuthModal({ id }: { id: AuthModalId }) {
  return (
    <Suspense fallback={<LoadingModal id={id} />}>
      <AuthModal id={id} />
    </Suspense>
  );
}

function LoadingModal({ id }: { id: AuthModalId }) {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  return (
    <Modal open onClose={close} title={t(`modal.${id}.title`)} name={`${id}-loading`}>
      <div className={styles.loading} role="status">
        <Spinner size={28} />
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
    </Modal>
  );
}

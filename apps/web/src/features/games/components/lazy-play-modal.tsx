import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { withGamesMessages } from '../../../shared/i18n/games/load';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Spinner } from '../../../shared/ui/spinner/spinner';

const PlayModal = lazy(() =>
  withGamesMessages(import('./play-modal')).then((m) => ({ default: m.PlayModal })),
);

/**
 * The Play modal, downloaded on first use. The lobby pages usually have it loaded already
 * (they share its code); otherwise the modal frame shows at once with a spinner.
 */
export function LazyPlayModal() {
  return (
    <Suspense fallback={<LoadingPlayModal />}>
      <PlayModal />
    </Suspense>
  );
}

function LoadingPlayModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  return (
    <Modal open onClose={close} title={t('modal.play.title')} name="play-loading">
      <div role="status" style={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
        <Spinner size={28} />
        <span className="visually-hidden">{t('app.loading')}</span>
      </div>
    </Modal>
  );
}

import { MessagesSquare, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './chat-panel.module.css';

/** The chat panel's title bar: the title, what the room adds (who is online), the close button. */
export function ChatHeader({ onClose, children }: { onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className={styles.header}>
      <h2 className={styles.title}>
        <MessagesSquare size={20} aria-hidden="true" className={styles.titleIcon} />
        {t('chat.title')}
      </h2>
      {children}
      <button
        type="button"
        className={styles.close}
        onClick={onClose}
        aria-label={t('chat.close')}
        data-testid="chat-close"
      >
        <X size={20} aria-hidden="true" />
      </button>
    </div>
  );
}

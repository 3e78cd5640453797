import { MessagesSquare, SendHorizontal, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/class-names';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import styles from './chat-panel.module.css';

interface ChatPanelProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The live-chat panel, sliding in from the right. The room itself arrives in a later issue;
 * until then the panel shows what it will be and says the chat is coming.
 */
export function ChatPanel({ open, onClose }: ChatPanelProps) {
  const { t } = useTranslation();
  return (
    <aside
      id="chat-panel"
      className={cx(styles.panel, open && styles.open)}
      aria-label={t('chat.title')}
      data-testid="chat-panel"
      data-open={open ? 'true' : undefined}
    >
      <div className={styles.header}>
        <h2 className={styles.title}>
          <MessagesSquare size={20} aria-hidden="true" className={styles.titleIcon} />
          {t('chat.title')}
        </h2>
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
      <div className={styles.body}>
        <EmptyState
          variant="inline"
          icon={MessagesSquare}
          title={t('chat.emptyTitle')}
          text={t('chat.emptyText')}
        />
      </div>
      <form className={styles.composer} onSubmit={(event) => event.preventDefault()}>
        <input
          className={styles.input}
          type="text"
          disabled
          placeholder={t('chat.inputPlaceholder')}
          aria-label={t('chat.inputPlaceholder')}
          title={t('chat.disabled')}
        />
        <button type="submit" className={styles.send} disabled aria-label={t('chat.send')}>
          <SendHorizontal size={18} aria-hidden="true" />
        </button>
      </form>
    </aside>
  );
}

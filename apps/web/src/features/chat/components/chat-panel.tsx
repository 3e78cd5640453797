import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/class-names';
import { ChatHeader } from './chat-header';
import type { ChatPanelProps } from './chat-room';
import styles from './chat-panel.module.css';

const ChatRoom = lazy(() => import('./chat-room').then((m) => ({ default: m.ChatRoom })));

/**
 * The live-chat panel (SPEC §2: 320 px, sliding in from the right, toggled in the header).
 * The room inside arrives with the first opening (docs/decisions/043-live-chat.md).
 */
export function ChatPanel({ open, onClose }: ChatPanelProps) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const fallback = <ChatHeader onClose={onClose} />;
  return (
    <aside
      id="chat-panel"
      className={cx(styles.panel, open && styles.open)}
      aria-label={t('chat.title')}
      data-testid="chat-panel"
      data-open={open ? 'true' : undefined}
    >
      {opened ? (
        <Suspense fallback={fallback}>
          <ChatRoom open={open} onClose={onClose} />
        </Suspense>
      ) : (
        fallback
      )}
    </aside>
  );
}

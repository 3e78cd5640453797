import type { ChatMessage } from '@casino/contracts';
import { memo } from 'react';
import { cx } from '../../../shared/lib/class-names';
import { Avatar } from '../../../shared/ui/avatar/avatar';
import styles from './chat-panel.module.css';

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "14:05" today, "12 Mar, 14:05" before: in the reader's language and time zone. */
export function chatTime(iso: string, language: string, now = new Date()): string {
  const date = new Date(iso);
  const today = date.toDateString() === now.toDateString();
  const key = `${language}:${today ? 't' : 'd'}`;
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, {
      hour: '2-digit',
      minute: '2-digit',
      ...(today ? {} : { day: 'numeric', month: 'short' }),
    });
    timeFormats.set(key, format);
  }
  return format.format(date);
}

/**
 * One message. The text is a React text node: whatever a player typed (HTML included) is
 * shown as the characters it is, never interpreted.
 */
export const ChatMessageItem = memo(function ChatMessageItem({
  message,
  own,
  language,
}: {
  message: ChatMessage;
  own: boolean;
  language: string;
}) {
  return (
    <li className={cx(styles.message, own && styles.own)} data-testid="chat-message">
      <Avatar src={message.author.avatar} size={32} className={styles.messageAvatar} />
      <div className={styles.messageBody}>
        <div className={styles.messageMeta}>
          <span className={styles.author} data-testid="chat-author">
            {message.author.username}
          </span>
          <time className={styles.time} dateTime={message.created_at}>
            {chatTime(message.created_at, language)}
          </time>
        </div>
        <p className={styles.text} data-testid="chat-text">
          {message.text}
        </p>
      </div>
    </li>
  );
});

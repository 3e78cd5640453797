import { supportLimits } from '@casino/contracts';
import { Headset, SendHorizontal } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../shared/ui/query-state/query-state';
import { apiErrorText } from '../../../shared/lib/api-error-text';
import { cx } from '../../../shared/lib/class-names';
import { useMarkSupportRead, useSendSupportMessage, useSupportThread } from '../api/support';
import { useSupportLive } from '../hooks/use-support-live';
import styles from './support-thread.module.css';

/** The player's conversation with support, live while shown; answers are marked read. */
export function SupportThread() {
  const { t, i18n } = useTranslation();
  const thread = useSupportThread(true);
  useSupportLive(true);
  const send = useSendSupportMessage();
  const markRead = useMarkSupportRead();
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const messages = thread.data?.messages ?? [];
  const lastOperator = [...messages].reverse().find((m) => m.author === 'operator')?.id;
  const unread = thread.data?.unread ?? 0;

  // Shown is read: the newest answer on screen moves the read mark.
  const { mutate: mark } = markRead;
  useEffect(() => {
    if (lastOperator && unread > 0) mark(lastOperator);
  }, [lastOperator, unread, mark]);

  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [messages.length]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '' || send.isPending) return;
    send.mutate(text, { onSuccess: () => setText('') });
  };
  const time = new Intl.DateTimeFormat(i18n.language, {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

  return (
    <div className={styles.thread} data-testid="support-thread">
      <QueryState
        query={thread}
        loading={t('help.thread.loading')}
        error={t('help.thread.error')}
        retry={t('help.retry')}
        className={styles.state}
      >
        {() =>
          messages.length === 0 ? (
            <div className={styles.state}>
              <Headset size={28} aria-hidden="true" />
              <p>{t('help.thread.empty')}</p>
            </div>
          ) : (
            <ol
              ref={list}
              className={styles.list}
              aria-live="polite"
              data-testid="support-messages"
            >
              {messages.map((message) => (
                <li
                  key={message.id}
                  className={cx(styles.message, message.author === 'player' && styles.mine)}
                  data-testid="support-message"
                  data-author={message.author}
                >
                  <span className={styles.who}>
                    {message.author === 'player' ? t('help.thread.you') : t('help.thread.operator')}
                    {' · '}
                    <time dateTime={message.created_at}>
                      {time.format(new Date(message.created_at))}
                    </time>
                  </span>
                  <p className={styles.text}>{message.text}</p>
                </li>
              ))}
            </ol>
          )
        }
      </QueryState>
      <form className={styles.composer} onSubmit={submit}>
        {send.isError && (
          <p className={styles.error} role="alert">
            {apiErrorText(send.error)}
          </p>
        )}
        <div className={styles.row}>
          <textarea
            className={styles.input}
            rows={2}
            value={text}
            maxLength={supportLimits.messageMaxLength}
            onChange={(event) => setText(event.target.value)}
            placeholder={t('help.thread.placeholder')}
            aria-label={t('help.thread.placeholder')}
            data-testid="support-input"
            data-autofocus
          />
          <button
            type="submit"
            className={styles.send}
            disabled={text.trim() === '' || send.isPending}
            aria-label={t('help.thread.send')}
            data-testid="support-send"
          >
            <SendHorizontal size={18} aria-hidden="true" />
          </button>
        </div>
      </form>
    </div>
  );
}

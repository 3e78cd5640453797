import { chatLimits } from '@casino/contracts';
import { MessagesSquare, SendHorizontal, WifiOff } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import type { ChatState, PostOutcome } from '../api/chat-connection';
import { useChat } from '../hooks/use-chat';
import { ChatHeader } from './chat-header';
import { ChatMessageItem } from './chat-message-item';
import styles from './chat-panel.module.css';

export interface ChatPanelProps {
  open: boolean;
  onClose: () => void;
}

/**
 * What the panel holds: the room's header with the online count, the messages and the
 * composer, with the socket open while the panel is. Loaded on the panel's first opening, so
 * the socket client is not part of the first download.
 */
export function ChatRoom({ open, onClose }: ChatPanelProps) {
  const { t, i18n } = useTranslation();
  const { state, connection } = useChat(open);
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);

  // New messages scroll into view unless the reader scrolled up to read older ones.
  useLayoutEffect(() => {
    const element = list.current;
    if (element && stick.current) element.scrollTop = element.scrollHeight;
  }, [state.messages, open]);

  return (
    <>
      <span hidden data-testid="chat-status" data-status={state.status} />
      <ChatHeader onClose={onClose}>
        {state.online !== null && (
          <span className={styles.online} data-testid="chat-online">
            <span className={styles.onlineDot} aria-hidden="true" />
            {t('chat.online', { count: state.online })}
          </span>
        )}
      </ChatHeader>
      {state.status === 'offline' && (
        <p className={styles.banner} role="status" data-testid="chat-offline">
          <WifiOff size={16} aria-hidden="true" />
          {t('chat.reconnecting')}
        </p>
      )}
      <div className={styles.body}>
        {state.messages.length === 0 ? (
          state.status === 'open' ? (
            <EmptyState
              variant="inline"
              icon={MessagesSquare}
              title={t('chat.emptyTitle')}
              text={t('chat.emptyText')}
            />
          ) : (
            <p className={styles.loading} role="status">
              <Spinner size={18} />
              {t('chat.connecting')}
            </p>
          )
        ) : (
          <ol
            ref={list}
            className={styles.list}
            aria-label={t('chat.messages')}
            aria-live="polite"
            aria-relevant="additions"
            onScroll={(event) => {
              const el = event.currentTarget;
              stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
            }}
            data-testid="chat-messages"
          >
            {state.messages.map((message) => (
              <ChatMessageItem
                key={message.id}
                message={message}
                own={message.author.id === state.you?.id}
                language={i18n.language}
              />
            ))}
          </ol>
        )}
      </div>
      {state.status !== 'connecting' && state.you === null ? (
        <GuestComposer />
      ) : (
        <Composer
          state={state}
          onSend={async (text) => {
            stick.current = true;
            return (await connection?.post(text)) ?? 'failed';
          }}
        />
      )}
    </>
  );
}

function GuestComposer() {
  const { t } = useTranslation();
  const openModal = useModalStore((s) => s.open);
  return (
    <div className={styles.guest} data-testid="chat-guest">
      <p>{t('chat.guestText')}</p>
      <Button variant="primary" size="sm" onClick={() => openModal('login')}>
        {t('chat.login')}
      </Button>
    </div>
  );
}

function Composer({
  state,
  onSend,
}: {
  state: ChatState;
  onSend: (text: string) => Promise<PostOutcome>;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [notSent, setNotSent] = useState(false);
  const muted = state.mutedUntil !== null && Date.parse(state.mutedUntil) > Date.now();
  const canSend = state.status === 'open' && !muted && !sending && text.trim() !== '';
  const left = chatLimits.messageMaxLength - text.length;

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setSending(true);
    setNotSent(false);
    const outcome = await onSend(text);
    setSending(false);
    // Kept in the box unless stored: a dropped link or a refusal loses nothing typed.
    if (outcome === 'stored') setText('');
    else if (outcome === 'failed') setNotSent(true);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  const refusal = state.refusal;
  const note = muted
    ? t('chat.muted', {
        time: new Intl.DateTimeFormat(i18n.language, {
          hour: '2-digit',
          minute: '2-digit',
        }).format(new Date(state.mutedUntil ?? 0)),
      })
    : notSent
      ? t('chat.notSent')
      : refusal && Date.now() - refusal.at < 15_000
        ? t(`chat.refused.${refusal.code}`, { seconds: refusal.retryAfter ?? 1 })
        : null;

  return (
    <form className={styles.composer} onSubmit={(event) => void send(event)}>
      {note && (
        <p className={styles.note} role="alert" data-testid="chat-note">
          {note}
        </p>
      )}
      <div className={styles.composerRow}>
        <textarea
          className={styles.input}
          rows={1}
          value={text}
          maxLength={chatLimits.messageMaxLength}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          disabled={muted}
          placeholder={t('chat.inputPlaceholder')}
          aria-label={t('chat.inputPlaceholder')}
          data-testid="chat-input"
        />
        <button
          type="submit"
          className={styles.send}
          disabled={!canSend}
          aria-label={t('chat.send')}
          data-testid="chat-send"
        >
          <SendHorizontal size={18} aria-hidden="true" />
        </button>
      </div>
      {left <= 50 && (
        <p className={styles.counter} aria-live="polite">
          {t('chat.charactersLeft', { count: left })}
        </p>
      )}
    </form>
  );
}

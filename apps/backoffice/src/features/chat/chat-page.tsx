import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EyeOff, VolumeX } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../shared/api/error-text';
import { staffCall, type StaffResponse } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { EmptyState, QueryView } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';
import { MuteDialog } from './mute-dialog';

type RoomMessage = StaffResponse<'chat.messages'>['data'][number];

/** How often the room refreshes while open: a moderator sees it as it goes. */
const refreshMs = 5000;

/** The live chat room as moderators see it: hidden messages included, hide and mute on each. */
export default function ChatPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.chat'));
  const client = useQueryClient();
  const [muting, setMuting] = useState<RoomMessage | null>(null);
  const room = useQuery({
    queryKey: ['chat', 'room'],
    queryFn: ({ signal }) => staffCall('chat.messages', { query: { limit: 100 }, signal }),
    refetchInterval: refreshMs,
  });
  const onError = (error: Error) =>
    toast(
      errorText(t, (k) => i18n.exists(k), error),
      'error',
    );
  const hide = useMutation({
    mutationFn: (id: string) => staffCall('chat.hide', { params: { id } }),
    onSuccess: () => {
      toast(t('chat.hidden'));
      void client.invalidateQueries({ queryKey: ['chat'] });
    },
    onError,
  });
  const mute = useMutation({
    mutationFn: (values: { user: string; minutes: number; reason: string }) =>
      staffCall('chat.mute', { body: values }),
    onSuccess: (result) => {
      setMuting(null);
      toast(
        result.muted_until
          ? t('player.mutedUntil', { date: formatDateTime(result.muted_until, i18n.language) })
          : t('chat.unmuted'),
      );
      void client.invalidateQueries({ queryKey: ['chat'] });
    },
  });
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.chat')}</h1>
        <span className="muted">{t('chat.live')}</span>
      </div>
      <QueryView query={room} lines={8}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState>{t('chat.empty')}</EmptyState>
          ) : (
            <ol className="card stack" style={{ gap: 0, padding: 0 }} aria-label={t('nav.chat')}>
              {data.data.map((message) => (
                <li
                  key={message.id}
                  className="chat-row"
                  data-hidden={message.hidden}
                  data-testid="chat-message"
                >
                  <div style={{ minWidth: 0 }}>
                    <div className="muted" style={{ fontSize: 'var(--fs-12)' }}>
                      <Link to={`/players/${message.user_id}?tab=chat`}>{message.username}</Link> ·{' '}
                      {formatDateTime(message.created_at, i18n.language)}
                      {message.hidden ? (
                        <span className="chip" style={{ marginLeft: 8 }}>
                          {t('chat.hiddenChip')}
                        </span>
                      ) : null}
                      {message.author_muted_until ? (
                        <span className="chip chip-warning" style={{ marginLeft: 8 }}>
                          {t('chat.mutedChip')}
                        </span>
                      ) : null}
                    </div>
                    <p style={{ overflowWrap: 'anywhere' }}>{message.text}</p>
                  </div>
                  <div className="actions">
                    {!message.hidden ? (
                      <button
                        type="button"
                        className="btn btn-secondary btn-sm"
                        disabled={hide.isPending}
                        onClick={() => hide.mutate(message.id)}
                        aria-label={t('chat.hideLabel', { username: message.username })}
                      >
                        <EyeOff size={14} aria-hidden="true" />
                        {t('chat.hide')}
                      </button>
                    ) : null}
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      onClick={() => setMuting(message)}
                      aria-label={t('chat.muteLabel', { username: message.username })}
                    >
                      <VolumeX size={14} aria-hidden="true" />
                      {t('chat.mute')}
                    </button>
                  </div>
                </li>
              ))}
            </ol>
          )
        }
      </QueryView>
      <MuteDialog
        open={muting !== null}
        username={muting?.username ?? ''}
        pending={mute.isPending}
        error={mute.error}
        onSubmit={(values) => muting && mute.mutate({ user: muting.user_id, ...values })}
        onClose={() => {
          setMuting(null);
          mute.reset();
        }}
      />
    </section>
  );
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text';
import { staffCall } from '../../../shared/api/staff-api';
import { formatDateTime } from '../../../shared/lib/format';
import { EmptyState, QueryView } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toasts';
import { MuteDialog } from '../../chat/mute-dialog';
import { playerKey, usePlayer, useRefreshPlayer } from '../player-queries';

/** The player's chat messages (hidden ones too) and their mute, with hide and mute. */
export function ChatSection({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const refresh = useRefreshPlayer(userId);
  const player = usePlayer(userId);
  const [muting, setMuting] = useState(false);
  const chat = useQuery({
    queryKey: [...playerKey(userId), 'chat'],
    queryFn: ({ signal }) => staffCall('players.chat', { params: { userId }, signal }),
  });
  const hide = useMutation({
    mutationFn: (id: string) => staffCall('chat.hide', { params: { id } }),
    onSuccess: () => {
      toast(t('chat.hidden'));
      refresh();
    },
    onError: (error) =>
      toast(
        errorText(t, (k) => i18n.exists(k), error),
        'error',
      ),
  });
  const mute = useMutation({
    mutationFn: (body: { minutes: number; reason: string }) =>
      staffCall('players.mute', { params: { userId }, body }),
    onSuccess: (result) => {
      setMuting(false);
      toast(
        result.muted_until
          ? t('player.mutedUntil', { date: formatDateTime(result.muted_until, i18n.language) })
          : t('chat.unmuted'),
      );
      refresh();
    },
  });
  return (
    <QueryView query={chat} lines={5}>
      {(data) => (
        <div className="stack">
          <div className="actions" style={{ alignItems: 'center' }}>
            <span className={data.muted_until ? 'chip chip-warning' : 'chip'}>
              {data.muted_until
                ? t('player.mutedUntil', {
                    date: formatDateTime(data.muted_until, i18n.language),
                  })
                : t('chat.notMuted')}
            </span>
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              onClick={() => setMuting(true)}
            >
              {t('chat.mute')}
            </button>
          </div>
          {data.data.length === 0 ? (
            <EmptyState>{t('chat.noMessages')}</EmptyState>
          ) : (
            <ol className="card stack" style={{ gap: 0, padding: 0 }}>
              {data.data.map((message) => (
                <li key={message.id} className="chat-row" data-hidden={message.hidden}>
                  <div style={{ minWidth: 0 }}>
                    <div className="muted" style={{ fontSize: 'var(--fs-12)' }}>
                      {formatDateTime(message.created_at, i18n.language)}
                      {message.hidden ? ` · ${t('chat.hiddenChip')}` : ''}
                    </div>
                    <p style={{ overflowWrap: 'anywhere' }}>{message.text}</p>
                  </div>
                  {!message.hidden ? (
                    <button
                      type="button"
                      className="btn btn-secondary btn-sm"
                      disabled={hide.isPending}
                      onClick={() => hide.mutate(message.id)}
                    >
                      {t('chat.hide')}
                    </button>
                  ) : null}
                </li>
              ))}
            </ol>
          )}
          <MuteDialog
            open={muting}
            username={player.data?.username ?? ''}
            pending={mute.isPending}
            error={mute.error}
            onSubmit={(values) => mute.mutate(values)}
            onClose={() => {
              setMuting(false);
              mute.reset();
            }}
          />
        </div>
      )}
    </QueryView>
  );
}

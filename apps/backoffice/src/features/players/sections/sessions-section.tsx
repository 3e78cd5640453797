import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text';
import { staffCall, type StaffResponse } from '../../../shared/api/staff-api';
import { formatDateTime } from '../../../shared/lib/format';
import { DataTable, gridColumns } from '../../../shared/ui/data-table';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toasts';
import { useCan } from '../../auth/session';
import { playerKey, useRefreshPlayer } from '../player-queries';

type SessionRow = StaffResponse<'players.sessions'>['data'][number];

/** Sign-in sessions and devices; staff with players:sessions end one or all. */
export function SessionsSection({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const refresh = useRefreshPlayer(userId);
  const sessions = useQuery({
    queryKey: [...playerKey(userId), 'sessions'],
    queryFn: ({ signal }) => staffCall('players.sessions', { params: { userId }, signal }),
  });
  const onError = (error: Error) =>
    toast(
      errorText(t, (k) => i18n.exists(k), error),
      'error',
    );
  const endOne = useMutation({
    mutationFn: (sessionId: string) =>
      staffCall('players.sessions.end', { params: { userId, sessionId } }),
    onSuccess: (result) => {
      toast(t('sessions.ended', { count: result.ended }));
      refresh();
    },
    onError,
  });
  const endAll = useMutation({
    mutationFn: () => staffCall('players.sessions.endAll', { params: { userId } }),
    onSuccess: (result) => {
      toast(t('sessions.ended', { count: result.ended }));
      refresh();
    },
    onError,
  });
  const allowed = can('players:sessions');
  const columns = useMemo(() => {
    const col = gridColumns<SessionRow>();
    return col.columns([
      col.accessor('device', {
        header: () => t('sessions.device'),
        cell: ({ row }) => (
          <>
            {t(`sessions.devices.${row.original.device}`)}
            {row.original.description ? (
              <span className="muted"> · {row.original.description}</span>
            ) : null}
          </>
        ),
      }),
      col.accessor('ip', { header: () => t('mySessions.ip'), cell: (i) => i.getValue() ?? '—' }),
      col.accessor('country', {
        header: () => t('players.columns.country'),
        cell: (info) => info.getValue() ?? '—',
      }),
      col.accessor('created_at', {
        header: () => t('mySessions.started'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('last_used_at', {
        header: () => t('mySessions.lastSeen'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('live', {
        header: () => t('sessions.live'),
        cell: (info) =>
          info.getValue() ? (
            <span className="chip chip-success">{t('sessions.liveNow')}</span>
          ) : (
            <span className="chip">{t('sessions.endedChip')}</span>
          ),
      }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('mySessions.end')}</span>,
        cell: ({ row }) =>
          allowed && row.original.live ? (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={endOne.isPending}
              onClick={() => endOne.mutate(row.original.id)}
            >
              {t('mySessions.end')}
            </button>
          ) : null,
      }),
    ]);
  }, [t, i18n.language, allowed, endOne]);
  if (sessions.isError) {
    return <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />;
  }
  const live = sessions.data?.data.some((session) => session.live) ?? false;
  return (
    <div className="stack">
      {allowed && live ? (
        <div className="actions">
          <button
            type="button"
            className="btn btn-danger"
            disabled={endAll.isPending}
            onClick={() => endAll.mutate()}
            data-testid="end-all-sessions"
          >
            {t('sessions.endAll')}
          </button>
        </div>
      ) : null}
      <DataTable
        columns={columns}
        data={sessions.data?.data}
        loading={sessions.isPending}
        caption={t('player.tabs.sessions')}
        getRowId={(row) => row.id}
        empty={<EmptyState>{t('sessions.empty')}</EmptyState>}
      />
    </div>
  );
}

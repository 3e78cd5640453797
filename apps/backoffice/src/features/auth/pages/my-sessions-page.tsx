import type { StaffSession } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/api/error-text';
import { staffCall } from '../../../shared/api/staff-api';
import { formatDateTime } from '../../../shared/lib/format';
import { usePageTitle } from '../../../shared/lib/use-page-title';
import { DataTable, gridColumns } from '../../../shared/ui/data-table';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { toast } from '../../../shared/ui/toasts';

/** A staff member's own sessions, each of which they may end (the current one signs out). */
export default function MySessionsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('mySessions.title'));
  const client = useQueryClient();
  const sessions = useQuery({
    queryKey: ['auth', 'sessions'],
    queryFn: ({ signal }) => staffCall('auth.sessions', { signal }),
  });
  const end = useMutation({
    mutationFn: (sessionId: string) => staffCall('auth.sessions.end', { params: { sessionId } }),
    onSuccess: () => {
      toast(t('mySessions.ended'));
      void client.invalidateQueries({ queryKey: ['auth', 'sessions'] });
    },
    onError: (error) =>
      toast(
        errorText(t, (k) => i18n.exists(k), error),
        'error',
      ),
  });
  const columns = useMemo(() => {
    const col = gridColumns<StaffSession>();
    return col.columns([
      col.accessor('created_at', {
        header: () => t('mySessions.started'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('last_seen_at', {
        header: () => t('mySessions.lastSeen'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('expires_at', {
        header: () => t('mySessions.expires'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('ip', {
        header: () => t('mySessions.ip'),
        cell: (info) => info.getValue() ?? '—',
      }),
      col.accessor('user_agent', {
        header: () => t('mySessions.device'),
        cell: (info) => <span className="muted">{info.getValue() ?? '—'}</span>,
      }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('mySessions.end')}</span>,
        cell: ({ row }) =>
          row.original.current ? (
            <span className="chip chip-accent">{t('mySessions.current')}</span>
          ) : (
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              disabled={end.isPending}
              onClick={() => end.mutate(row.original.id)}
            >
              {t('mySessions.end')}
            </button>
          ),
      }),
    ]);
  }, [t, i18n.language, end]);

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('mySessions.title')}</h1>
      </div>
      <p className="muted">{t('mySessions.lead')}</p>
      {sessions.isError ? (
        <ErrorState error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={sessions.data?.data}
          loading={sessions.isPending}
          caption={t('mySessions.title')}
          getRowId={(row) => row.id}
          empty={<EmptyState>{t('mySessions.empty')}</EmptyState>}
        />
      )}
    </section>
  );
}

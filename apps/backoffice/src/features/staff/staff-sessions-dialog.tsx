import type { StaffAccount } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { Dialog } from '../../shared/ui/dialog';
import { EmptyState, QueryView } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';

/** Another staff member's live sessions, which an admin may end all at once. */
export function StaffSessionsDialog({
  account,
  onClose,
}: {
  account: StaffAccount | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const staffId = account?.id ?? '';
  const sessions = useQuery({
    queryKey: ['staff', 'sessions', staffId],
    queryFn: ({ signal }) => staffCall('staff.sessions', { params: { staffId }, signal }),
    enabled: account !== null,
  });
  const endAll = useMutation({
    mutationFn: () => staffCall('staff.sessions.endAll', { params: { staffId } }),
    onSuccess: (result) => {
      toast(t('sessions.ended', { count: result.ended }));
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
    onError: (error) =>
      toast(
        errorText(t, (k) => i18n.exists(k), error),
        'error',
      ),
  });
  return (
    <Dialog
      open={account !== null}
      title={t('staff.sessionsTitle', { email: account?.email ?? '' })}
      onClose={onClose}
    >
      <QueryView query={sessions} lines={3}>
        {(data) =>
          data.data.length === 0 ? (
            <EmptyState>{t('mySessions.empty')}</EmptyState>
          ) : (
            <ul className="stack" style={{ gap: 8 }}>
              {data.data.map((session) => (
                <li key={session.id} className="card" style={{ padding: '8px 12px' }}>
                  <strong>{session.ip ?? '—'}</strong>{' '}
                  <span className="muted">{session.user_agent ?? ''}</span>
                  <br />
                  <span className="muted">
                    {t('mySessions.lastSeen')}:{' '}
                    {formatDateTime(session.last_seen_at, i18n.language)}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <div className="actions" style={{ justifyContent: 'flex-end' }}>
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {t('common.close')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={endAll.isPending || (sessions.data?.data.length ?? 0) === 0}
          onClick={() => endAll.mutate()}
        >
          {t('sessions.endAll')}
        </button>
      </div>
    </Dialog>
  );
}

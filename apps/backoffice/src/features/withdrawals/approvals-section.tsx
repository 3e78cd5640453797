import type { Approval } from '@casino/contracts/operator';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../shared/lib/format';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { useMe } from '../auth/session';
import { isMine, useWithdrawalDecisions } from './decisions';

/**
 * The four-eyes queue both people see: adjustments and withdrawals above the amount, waiting
 * for a second, different staff member. The one who asked sees it but cannot approve it.
 */
export function ApprovalsSection() {
  const { t, i18n } = useTranslation();
  const me = useMe().data;
  const decisions = useWithdrawalDecisions();
  const [refusing, setRefusing] = useState<Approval | null>(null);
  const approvals = useQuery({
    queryKey: ['approvals', 'waiting'],
    queryFn: ({ signal }) => staffCall('approvals.list', { query: { status: 'waiting' }, signal }),
    refetchInterval: 30_000,
  });
  const columns = useMemo(() => {
    const col = gridColumns<Approval>();
    return col.columns([
      col.accessor('kind', {
        header: () => t('approvals.kind'),
        cell: (info) => t(`approvals.kinds.${info.getValue()}`),
      }),
      col.accessor('username', {
        header: () => t('players.columns.username'),
        cell: ({ row }) => (
          <Link to={`/players/${row.original.user_id}`}>{row.original.username}</Link>
        ),
      }),
      col.accessor('amount', {
        header: () => t('ledger.amount'),
        cell: (info) => formatMoney(info.getValue()),
      }),
      col.accessor('reason', {
        header: () => t('common.reason'),
        cell: (i) => i.getValue() ?? '—',
      }),
      col.accessor('requested_by', {
        header: () => t('approvals.requestedBy'),
        cell: ({ row }) => (
          <>
            {row.original.requested_by}
            <br />
            <span className="muted">
              {formatDateTime(row.original.requested_at, i18n.language)}
            </span>
          </>
        ),
      }),
      col.display({
        id: 'actions',
        header: () => t('withdrawals.decision'),
        cell: ({ row }) =>
          isMine(me, row.original.requested_by) ? (
            <span className="muted">{t('withdrawals.needsOther')}</span>
          ) : (
            <div className="actions">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={decisions.secondApprove.isPending}
                onClick={() => decisions.secondApprove.mutate(row.original.id)}
                data-testid="approval-approve"
              >
                {t('withdrawals.secondApprove')}
              </button>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() => setRefusing(row.original)}
              >
                {t('approvals.refuse')}
              </button>
            </div>
          ),
      }),
    ]);
  }, [t, i18n.language, me, decisions.secondApprove]);
  return (
    <section className="stack" id="approvals" aria-labelledby="approvals-title">
      <h2 id="approvals-title" className="card-title" style={{ marginBottom: 0 }}>
        {t('approvals.title')}
      </h2>
      {approvals.isError ? (
        <ErrorState error={approvals.error} onRetry={() => void approvals.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={approvals.data?.data}
          loading={approvals.isPending}
          caption={t('approvals.title')}
          getRowId={(row) => row.id}
          numeric={['amount']}
          testId="approvals-table"
          empty={<EmptyState>{t('approvals.empty')}</EmptyState>}
        />
      )}
      <ReasonDialog
        open={refusing !== null}
        title={t('approvals.refuseTitle', { username: refusing?.username ?? '' })}
        submitLabel={t('approvals.refuse')}
        danger
        pending={decisions.refuse.isPending}
        error={decisions.refuse.error}
        onSubmit={(reason) =>
          refusing &&
          decisions.refuse.mutate(
            { approvalId: refusing.id, reason },
            { onSuccess: () => setRefusing(null) },
          )
        }
        onClose={() => {
          setRefusing(null);
          decisions.refuse.reset();
        }}
      />
    </section>
  );
}

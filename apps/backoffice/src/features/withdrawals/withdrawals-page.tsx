import type { WithdrawalQueueRow } from '@casino/contracts/operator';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffCall } from '../../shared/api/staff-api';
import { formatAge, formatMoney } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { can, useMe } from '../auth/session';
import { ApprovalsSection } from './approvals-section';
import { isMine, useWithdrawalDecisions } from './decisions';
import { RiskFlags } from './risk-flags';

/** The withdrawal queue, oldest first, with its risk flags and the four-eyes step. */
export default function WithdrawalsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.withdrawals'));
  const id = useId();
  const me = useMe().data;
  const [status, setStatus] = useState<'pending' | 'processing'>('pending');
  const [rejecting, setRejecting] = useState<WithdrawalQueueRow | null>(null);
  const decisions = useWithdrawalDecisions();
  const queue = useQuery({
    queryKey: ['withdrawals', status],
    queryFn: ({ signal }) => staffCall('withdrawals.list', { query: { status }, signal }),
    refetchInterval: 30_000,
  });
  const decide = can(me, 'withdrawals:decide');
  const columns = useMemo(() => {
    const col = gridColumns<WithdrawalQueueRow>();
    return col.columns([
      col.accessor('username', {
        header: () => t('players.columns.username'),
        cell: ({ row }) => (
          <Link to={`/players/${row.original.user_id}`}>{row.original.username}</Link>
        ),
      }),
      col.accessor('amount', {
        header: () => t('ledger.amount'),
        cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
      }),
      col.accessor('method', {
        header: () => t('payments.method'),
        cell: ({ row }) =>
          row.original.card
            ? `${row.original.card.brand} •••• ${row.original.card.last4}`
            : (row.original.crypto?.network ?? t(`payments.methods.${row.original.method}`)),
      }),
      col.accessor('age_seconds', {
        header: () => t('withdrawals.age'),
        cell: (info) => formatAge(new Date(Date.now() - info.getValue() * 1000), i18n.language),
      }),
      col.accessor('risk_flags', {
        header: () => t('withdrawals.risk'),
        cell: (info) => <RiskFlags flags={info.getValue()} />,
      }),
      col.display({
        id: 'actions',
        header: () => t('withdrawals.decision'),
        cell: ({ row }) => {
          const w = row.original;
          if (!decide || w.status !== 'pending') return null;
          if (w.approval) {
            const mine = isMine(me, w.approval.requested_by);
            return (
              <div className="stack" style={{ gap: 6 }}>
                <span className="chip chip-accent">
                  {t('withdrawals.firstBy', { by: w.approval.requested_by })}
                </span>
                {mine ? (
                  <span className="muted">{t('withdrawals.needsOther')}</span>
                ) : can(me, 'approvals:decide') ? (
                  <button
                    type="button"
                    className="btn btn-primary btn-sm"
                    disabled={decisions.secondApprove.isPending}
                    onClick={() => w.approval && decisions.secondApprove.mutate(w.approval.id)}
                    data-testid="withdrawal-second-approve"
                  >
                    {t('withdrawals.secondApprove')}
                  </button>
                ) : null}
              </div>
            );
          }
          return (
            <div className="actions">
              <button
                type="button"
                className="btn btn-primary btn-sm"
                disabled={decisions.approve.isPending}
                onClick={() => decisions.approve.mutate(w.id)}
                data-testid="withdrawal-approve"
                aria-label={t('withdrawals.approveLabel', { username: w.username })}
              >
                {t('withdrawals.approve')}
              </button>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                onClick={() => setRejecting(w)}
                data-testid="withdrawal-reject"
                aria-label={t('withdrawals.rejectLabel', { username: w.username })}
              >
                {t('withdrawals.reject')}
              </button>
            </div>
          );
        },
      }),
    ]);
  }, [t, i18n.language, decide, me, decisions.approve, decisions.secondApprove]);

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.withdrawals')}</h1>
        <div className="field" style={{ minWidth: 200 }}>
          <label className="field-label" htmlFor={`${id}-status`}>
            {t('players.columns.status')}
          </label>
          <select
            id={`${id}-status`}
            className="select"
            value={status}
            onChange={(event) => setStatus(event.target.value as 'pending' | 'processing')}
          >
            <option value="pending">{t('withdrawals.status.pending')}</option>
            <option value="processing">{t('withdrawals.status.processing')}</option>
          </select>
        </div>
      </div>
      {me ? (
        <p className="muted">
          {t('withdrawals.fourEyesNote', { amount: formatMoney(me.four_eyes_amount) })}
        </p>
      ) : null}
      {queue.isError ? (
        <ErrorState error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={queue.data?.data}
          loading={queue.isPending}
          caption={t('nav.withdrawals')}
          getRowId={(row) => row.id}
          numeric={['amount']}
          testId="withdrawals-table"
          empty={<EmptyState>{t('withdrawals.empty')}</EmptyState>}
        />
      )}
      {can(me, 'approvals:decide') ? <ApprovalsSection /> : null}
      <ReasonDialog
        open={rejecting !== null}
        title={t('withdrawals.rejectTitle', {
          username: rejecting?.username ?? '',
          amount: formatMoney(rejecting?.amount, rejecting?.currency),
        })}
        description={t('withdrawals.rejectHint')}
        submitLabel={t('withdrawals.reject')}
        danger
        pending={decisions.reject.isPending}
        error={decisions.reject.error}
        onSubmit={(reason) =>
          rejecting &&
          decisions.reject.mutate(
            { id: rejecting.id, reason },
            { onSuccess: () => setRejecting(null) },
          )
        }
        onClose={() => {
          setRejecting(null);
          decisions.reject.reset();
        }}
      />
    </section>
  );
}

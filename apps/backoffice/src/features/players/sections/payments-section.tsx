import type { Payment } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { DataTable, gridColumns } from '../../../shared/ui/data-table';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { playerKey } from '../player-queries';

export function PaymentsSection({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const payments = useQuery({
    queryKey: [...playerKey(userId), 'payments'],
    queryFn: ({ signal }) => staffCall('players.payments', { params: { userId }, signal }),
  });
  const columns = useMemo(() => {
    const col = gridColumns<Payment>();
    return col.columns([
      col.accessor('created_at', {
        header: () => t('ledger.when'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('direction', {
        header: () => t('payments.direction'),
        cell: (info) => t(`payments.directions.${info.getValue()}`),
      }),
      col.accessor('method', {
        header: () => t('payments.method'),
        cell: ({ row }) =>
          row.original.card
            ? `${row.original.card.brand} •••• ${row.original.card.last4}`
            : (row.original.crypto?.network ?? t(`payments.methods.${row.original.method}`)),
      }),
      col.accessor('amount', {
        header: () => t('ledger.amount'),
        cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
      }),
      col.accessor('status', {
        header: () => t('payments.status'),
        cell: ({ row }) => (
          <span
            className={
              row.original.display_status === 'confirmed'
                ? 'chip chip-success'
                : row.original.display_status === 'canceled'
                  ? 'chip chip-danger'
                  : 'chip chip-warning'
            }
            data-testid={`payment-status-${row.original.id}`}
          >
            {row.original.status}
          </span>
        ),
      }),
      col.accessor((row) => row.failure?.message ?? null, {
        id: 'failure',
        header: () => t('payments.failure'),
        cell: (info) => info.getValue() ?? '—',
      }),
    ]);
  }, [t, i18n.language]);
  if (payments.isError) {
    return <ErrorState error={payments.error} onRetry={() => void payments.refetch()} />;
  }
  return (
    <DataTable
      columns={columns}
      data={payments.data?.data}
      loading={payments.isPending}
      caption={t('player.tabs.payments')}
      getRowId={(row) => row.id}
      numeric={['amount']}
      testId="payments-table"
      empty={<EmptyState>{t('payments.empty')}</EmptyState>}
    />
  );
}

import type { PlayerBonus } from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { isLanguage } from '../../../shared/lib/preferences';
import { DataTable, gridColumns } from '../../../shared/ui/data-table';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { playerKey } from '../player-queries';

/** Bonuses with their wagering: how much is wagered of how much, as a bar and in figures. */
export function BonusesSection({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const bonuses = useQuery({
    queryKey: [...playerKey(userId), 'bonuses'],
    queryFn: ({ signal }) => staffCall('players.bonuses', { params: { userId }, signal }),
  });
  const columns = useMemo(() => {
    const col = gridColumns<PlayerBonus>();
    return col.columns([
      col.accessor((row) => row.title[language], { id: 'title', header: () => t('bonuses.title') }),
      col.accessor('status', {
        header: () => t('payments.status'),
        cell: (info) => <span className="chip">{info.getValue()}</span>,
      }),
      col.accessor('amount', {
        header: () => t('ledger.amount'),
        cell: (info) => formatMoney(info.getValue()),
      }),
      col.accessor('balance', {
        header: () => t('bonuses.balance'),
        cell: (info) => formatMoney(info.getValue()),
      }),
      col.accessor('percent', {
        header: () => t('bonuses.wagering'),
        cell: ({ row }) => (
          <div style={{ display: 'grid', gap: 4, minWidth: 160 }}>
            <progress
              max={100}
              value={row.original.percent}
              aria-label={t('bonuses.wagering')}
              style={{ width: '100%', accentColor: 'var(--accent)' }}
            />
            <span className="muted num">
              {formatMoney(row.original.wagered)} / {formatMoney(row.original.wagering_required)} (
              {row.original.percent}%)
            </span>
          </div>
        ),
      }),
      col.accessor('claimed_at', {
        header: () => t('bonuses.claimed'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('expires_at', {
        header: () => t('bonuses.expires'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
    ]);
  }, [t, i18n.language, language]);
  if (bonuses.isError) {
    return <ErrorState error={bonuses.error} onRetry={() => void bonuses.refetch()} />;
  }
  return (
    <DataTable
      columns={columns}
      data={bonuses.data?.data}
      loading={bonuses.isPending}
      caption={t('player.tabs.bonuses')}
      getRowId={(row) => row.id}
      numeric={['amount', 'balance']}
      empty={<EmptyState>{t('bonuses.empty')}</EmptyState>}
    />
  );
}

import type { ReportGrouping, ReportRow } from '@casino/contracts';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../shared/lib/format';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { EmptyState } from '../../shared/ui/states';

type MoneyKey = {
  [K in keyof ReportRow]: ReportRow[K] extends string ? K : never;
}[keyof ReportRow];

const rowId = (row: ReportRow) =>
  [row.period_start, row.provider, row.game_id, row.country, row.currency].join('|');

/**
 * One screen of the report's rows with their exact figures: stakes to net deposits (decision
 * 075's table); `pager` moves between the screens (report-pages.ts, decision 095).
 */
export function ReportTable({
  rows,
  by,
  pager,
}: {
  rows: ReportRow[];
  by: ReportGrouping;
  pager?: ReactNode;
}) {
  const { t } = useTranslation();
  const columns = useMemo(() => {
    const col = gridColumns<ReportRow>();
    const money = (key: MoneyKey, header: string) =>
      col.accessor(key, {
        id: key,
        header: () => header,
        cell: ({ row }) => (
          <span className="nowrap">{formatMoney(row.original[key], row.original.currency)}</span>
        ),
      });
    const withCount = (key: MoneyKey, countKey: keyof ReportRow, header: string) =>
      col.accessor(key, {
        id: key,
        header: () => header,
        cell: ({ row }) => (
          <>
            <span className="nowrap">{formatMoney(row.original[key], row.original.currency)}</span>
            <br />
            <span className="muted">
              {t('reports.count', { count: Number(row.original[countKey]) })}
            </span>
          </>
        ),
      });
    const group = (row: ReportRow) => {
      if (by === 'country') return row.country ?? t('reports.unknownCountry');
      if (row.provider === 'operator') return t('reports.operator');
      if (by === 'game') return row.game_id ? `${row.provider} · ${row.game_id}` : row.provider;
      return row.provider ?? '';
    };
    return col.columns([
      col.accessor('period_start', {
        header: () => t('reports.columns.period'),
        cell: (info) => <span className="nowrap">{info.getValue()}</span>,
      }),
      ...(by === 'all'
        ? []
        : [
            col.display({
              id: 'group',
              header: () => t('reports.columns.group'),
              cell: ({ row }) => group(row.original),
            }),
          ]),
      money('stakes', t('reports.columns.stakes')),
      money('wins', t('reports.columns.wins')),
      money('ggr', t('reports.columns.ggr')),
      money('bonus_cost', t('reports.columns.bonusCost')),
      money('ngr', t('reports.columns.ngr')),
      col.accessor('rounds', { header: () => t('reports.columns.rounds') }),
      col.accessor('active_players', { header: () => t('reports.columns.activePlayers') }),
      withCount('deposits', 'deposits_count', t('reports.columns.deposits')),
      withCount('first_deposits', 'first_deposits_count', t('reports.columns.firstDeposits')),
      withCount(
        'withdrawals_requested',
        'withdrawals_requested_count',
        t('reports.columns.withdrawalsRequested'),
      ),
      withCount('withdrawals_paid', 'withdrawals_paid_count', t('reports.columns.withdrawalsPaid')),
      withCount(
        'withdrawals_rejected',
        'withdrawals_rejected_count',
        t('reports.columns.withdrawalsRejected'),
      ),
      money('net_deposits', t('reports.columns.netDeposits')),
    ]);
  }, [t, by]);
  return (
    <div className="stack">
      <DataTable
        columns={columns}
        data={rows}
        caption={t('reports.tableTitle')}
        getRowId={rowId}
        testId="report-table"
        numeric={[
          'stakes',
          'wins',
          'ggr',
          'bonus_cost',
          'ngr',
          'rounds',
          'active_players',
          'deposits',
          'first_deposits',
          'withdrawals_requested',
          'withdrawals_paid',
          'withdrawals_rejected',
          'net_deposits',
        ]}
        empty={<EmptyState>{t('reports.empty')}</EmptyState>}
      />
      {pager}
    </div>
  );
}

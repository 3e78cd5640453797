import { walletEntryKinds, type WalletEntryKind } from '@casino/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall, staffUrl, type StaffResponse } from '../../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { DataTable, gridColumns } from '../../../shared/ui/data-table';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { useCan } from '../../auth/session';
import { playerKey } from '../player-queries';

interface Filters {
  kind: WalletEntryKind | '';
  provider: string;
  game: string;
  /** YYYY-MM-DD, UTC days: from the start of `from` to the end of `to`. */
  from: string;
  to: string;
}

const noFilters: Filters = { kind: '', provider: '', game: '', from: '', to: '' };

/** The filters as the route's query: the server takes ISO date-times, `to` exclusive. */
export function ledgerQuery(filters: Filters) {
  const nextDay = (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString();
  };
  return {
    kind: filters.kind || undefined,
    provider: filters.provider.trim() || undefined,
    game: filters.game.trim() || undefined,
    from: filters.from ? new Date(`${filters.from}T00:00:00Z`).toISOString() : undefined,
    to: filters.to ? nextDay(filters.to) : undefined,
  };
}

type LedgerRow = StaffResponse<'players.ledger'>['data'][number];

export function LedgerSection({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const can = useCan();
  const id = useId();
  const [draft, setDraft] = useState<Filters>(noFilters);
  const [filters, setFilters] = useState<Filters>(noFilters);
  const query = ledgerQuery(filters);
  const ledger = useInfiniteQuery({
    queryKey: [...playerKey(userId), 'ledger', query],
    queryFn: ({ pageParam, signal }) =>
      staffCall('players.ledger', {
        params: { userId },
        query: { ...query, limit: 50, before: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_before ?? undefined,
  });
  const rows = useMemo(() => ledger.data?.pages.flatMap((page) => page.data), [ledger.data]);
  const columns = useMemo(() => {
    const col = gridColumns<LedgerRow>();
    return col.columns([
      col.accessor('created_at', {
        header: () => t('ledger.when'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('kind', {
        header: () => t('ledger.kind'),
        cell: (info) => t(`ledger.kinds.${info.getValue()}`),
      }),
      col.accessor('amount', {
        header: () => t('ledger.amount'),
        cell: ({ row }) => formatMoney(row.original.amount, row.original.currency),
      }),
      col.accessor('balance_after', {
        header: () => t('ledger.balanceAfter'),
        cell: ({ row }) => formatMoney(row.original.balance_after, row.original.currency),
      }),
      col.accessor('provider', {
        header: () => t('ledger.provider'),
        cell: (info) => info.getValue() ?? '—',
      }),
      col.accessor((row) => row.game_name ?? row.game_id, {
        id: 'game',
        header: () => t('ledger.game'),
        cell: (info) => info.getValue() ?? '—',
      }),
      col.accessor('round_id', {
        header: () => t('ledger.round'),
        cell: (info) => <code>{info.getValue() ?? '—'}</code>,
      }),
    ]);
  }, [t, i18n.language]);

  const field = (name: keyof Filters, type: string) => (
    <div className="field">
      <label className="field-label" htmlFor={`${id}-${name}`}>
        {t(`ledger.filters.${name}`)}
      </label>
      <input
        id={`${id}-${name}`}
        className="input"
        type={type}
        value={draft[name]}
        onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
      />
    </div>
  );
  const csvQuery = Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as Record<string, string>;
  return (
    <div className="stack">
      <form
        className="toolbar"
        onSubmit={(event) => {
          event.preventDefault();
          setFilters(draft);
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-kind`}>
            {t('ledger.kind')}
          </label>
          <select
            id={`${id}-kind`}
            className="select"
            value={draft.kind}
            onChange={(event) =>
              setDraft({ ...draft, kind: event.target.value as Filters['kind'] })
            }
          >
            <option value="">{t('common.all')}</option>
            {walletEntryKinds.map((kind) => (
              <option key={kind} value={kind}>
                {t(`ledger.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        {field('provider', 'text')}
        {field('game', 'text')}
        {field('from', 'date')}
        {field('to', 'date')}
        <button type="submit" className="btn btn-accent">
          {t('ledger.apply')}
        </button>
        {can('players:export') ? (
          <a
            className="btn btn-secondary"
            href={staffUrl('players.ledger.csv', { userId }, csvQuery)}
            download={`ledger-${userId}.csv`}
            data-testid="ledger-csv"
          >
            <Download size={16} aria-hidden="true" />
            {t('common.exportCsv')}
          </a>
        ) : null}
      </form>
      {ledger.isError ? (
        <ErrorState error={ledger.error} onRetry={() => void ledger.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={rows}
          loading={ledger.isPending}
          caption={t('player.tabs.ledger')}
          getRowId={(row) => row.id}
          numeric={['amount', 'balance_after']}
          testId="ledger-table"
          empty={<EmptyState>{t('ledger.empty')}</EmptyState>}
        />
      )}
      {ledger.hasNextPage ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void ledger.fetchNextPage()}
          disabled={ledger.isFetchingNextPage}
        >
          {t('ledger.older')}
        </button>
      ) : null}
    </div>
  );
}

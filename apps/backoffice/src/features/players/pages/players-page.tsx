import { playerStatuses, type PlayerRow, type PlayerStatus } from '@casino/contracts/operator';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { staffCall } from '../../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';
import { usePageTitle } from '../../../shared/lib/use-page-title';
import { DataTable, gridColumns } from '../../../shared/ui/data-table';
import { Pager } from '../../../shared/ui/pager';
import { EmptyState, ErrorState } from '../../../shared/ui/states';
import { StatusChip } from '../status-chip';

const pageSize = 50;

function isStatus(value: string | null): value is PlayerStatus {
  return (playerStatuses as readonly string[]).includes(value ?? '');
}

/**
 * The players: one search box for a username or e-mail (prefix), an id, an IP or a card's last
 * four digits (the server tells which matched). The search lives in the address, so Back
 * returns to the same list.
 */
export default function PlayersPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.players'));
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [draft, setDraft] = useState(q);
  const searchId = useId();

  const players = useQuery({
    queryKey: ['players', q, status, page],
    queryFn: ({ signal }) =>
      staffCall('players.search', {
        query: { q: q || undefined, status, limit: pageSize, offset: (page - 1) * pageSize },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

  const update = (next: { q?: string; status?: string; page?: number }) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '' || value === 1) merged.delete(key);
      else merged.set(key, String(value));
    }
    setParams(merged);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update({ q: draft.trim(), page: 1 });
  };

  const columns = useMemo(() => {
    const col = gridColumns<PlayerRow>();
    return col.columns([
      col.accessor('username', {
        header: () => t('players.columns.username'),
        cell: ({ row }) => (
          <Link to={`/players/${row.original.id}`} data-testid="player-link">
            {row.original.username}
          </Link>
        ),
      }),
      col.accessor('email', { header: () => t('players.columns.email') }),
      col.accessor('status', {
        header: () => t('players.columns.status'),
        cell: (info) => <StatusChip status={info.getValue()} />,
      }),
      col.accessor('cash', {
        header: () => t('players.columns.cash'),
        cell: ({ row }) => formatMoney(row.original.cash, row.original.currency),
      }),
      col.accessor('bonus', {
        header: () => t('players.columns.bonus'),
        cell: ({ row }) => formatMoney(row.original.bonus, row.original.currency),
      }),
      col.accessor('country', {
        header: () => t('players.columns.country'),
        cell: (info) => info.getValue() ?? '—',
      }),
      col.accessor('registered_at', {
        header: () => t('players.columns.registered'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('last_seen_at', {
        header: () => t('players.columns.lastSeen'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('matched', {
        header: () => t('players.columns.matched'),
        cell: (info) => {
          const matched = info.getValue();
          return matched ? (
            <span className="chip chip-accent">{t(`players.matched.${matched}`)}</span>
          ) : (
            '—'
          );
        },
      }),
    ]);
  }, [t, i18n.language]);

  const total = players.data?.total ?? 0;
  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.players')}</h1>
        {players.data ? (
          <span className="muted">{t('players.total', { count: total })}</span>
        ) : null}
      </div>
      <form className="toolbar" role="search" onSubmit={submit}>
        <div className="field" style={{ flex: '3 1 320px', maxWidth: 560 }}>
          <label className="field-label" htmlFor={searchId}>
            {t('players.searchLabel')}
          </label>
          <input
            id={searchId}
            className="input"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={t('players.searchPlaceholder')}
            data-testid="players-search"
          />
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${searchId}-status`}>
            {t('players.columns.status')}
          </label>
          <select
            id={`${searchId}-status`}
            className="select"
            value={status ?? ''}
            onChange={(event) => update({ status: event.target.value, page: 1 })}
          >
            <option value="">{t('common.all')}</option>
            {playerStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`players.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-accent" data-testid="players-search-submit">
          <Search size={16} aria-hidden="true" />
          {t('common.search')}
        </button>
      </form>
      {players.isError ? (
        <ErrorState error={players.error} onRetry={() => void players.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={players.data?.data}
          loading={players.isPending}
          caption={t('nav.players')}
          getRowId={(row) => row.id}
          numeric={['cash', 'bonus']}
          testId="players-table"
          empty={<EmptyState>{q ? t('players.noMatch', { q }) : t('players.empty')}</EmptyState>}
        />
      )}
      <Pager
        page={page}
        hasMore={page * pageSize < total}
        onPage={(next) => update({ page: next })}
      />
    </section>
  );
}

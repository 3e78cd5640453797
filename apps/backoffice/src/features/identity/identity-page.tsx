import {
  identityStatuses,
  type IdentityStatus,
  type OperatorIdentityCheck,
} from '@casino/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { staffCall } from '../../shared/api/staff-api';
import { formatAge, formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { IdentityReview } from './identity-review';

function isStatus(value: string | null): value is IdentityStatus {
  return (identityStatuses as readonly string[]).includes(value ?? '');
}

/** The identity queue, oldest first; the chosen check opens below with both documents. */
export default function IdentityPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.identity'));
  const id = useId();
  const [params, setParams] = useSearchParams();
  const statusParam = params.get('status');
  const status: IdentityStatus = isStatus(statusParam) ? statusParam : 'pending';
  const selected = params.get('user');
  const checks = useQuery({
    queryKey: ['identity', 'list', status],
    queryFn: ({ signal }) => staffCall('identity.list', { query: { status }, signal }),
    refetchInterval: 30_000,
  });
  const current = checks.data?.data.find((check) => check.user_id === selected);
  const select = useCallback(
    (userId: string | null) => {
      const next = new URLSearchParams(params);
      if (userId) next.set('user', userId);
      else next.delete('user');
      setParams(next);
    },
    [params, setParams],
  );
  const columns = useMemo(() => {
    const col = gridColumns<OperatorIdentityCheck>();
    return col.columns([
      col.accessor('username', {
        header: () => t('players.columns.username'),
        cell: ({ row }) => (
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            aria-pressed={row.original.user_id === selected}
            onClick={() => select(row.original.user_id)}
            data-testid="identity-open"
          >
            {row.original.username}
          </button>
        ),
      }),
      col.accessor('submitted_at', {
        header: () => t('identity.submittedColumn'),
        cell: (info) => formatDateTime(info.getValue(), i18n.language),
      }),
      col.accessor('submitted_at', {
        id: 'age',
        header: () => t('withdrawals.age'),
        cell: (info) => {
          const value = info.getValue();
          return value ? formatAge(value, i18n.language) : '—';
        },
      }),
      col.accessor('documents', {
        header: () => t('identity.documentsColumn'),
        cell: (info) =>
          info
            .getValue()
            .map((doc) => t(`identity.documents.${doc.kind}`))
            .join(', ') || '—',
      }),
      col.display({
        id: 'player',
        header: () => <span className="visually-hidden">{t('nav.players')}</span>,
        cell: ({ row }) => (
          <Link to={`/players/${row.original.user_id}`}>{t('identity.playerPage')}</Link>
        ),
      }),
    ]);
  }, [t, i18n.language, selected, select]);

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.identity')}</h1>
        <div className="field" style={{ minWidth: 200 }}>
          <label className="field-label" htmlFor={`${id}-status`}>
            {t('players.columns.status')}
          </label>
          <select
            id={`${id}-status`}
            className="select"
            value={status}
            onChange={(event) => setParams({ status: event.target.value })}
          >
            {identityStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`identity.status.${value}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {checks.isError ? (
        <ErrorState error={checks.error} onRetry={() => void checks.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={checks.data?.data}
          loading={checks.isPending}
          caption={t('nav.identity')}
          getRowId={(row) => row.user_id}
          testId="identity-table"
          empty={<EmptyState>{t('identity.emptyQueue')}</EmptyState>}
        />
      )}
      {current ? (
        <section className="card stack" aria-label={current.username}>
          <h2 className="card-title">{current.username}</h2>
          <IdentityReview check={current} />
        </section>
      ) : null}
    </section>
  );
}

import type { AuditEntry } from '@casino/contracts/operator';
import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../shared/lib/format';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { EmptyState, ErrorState } from '../../shared/ui/states';

interface AuditPage {
  data: AuditEntry[];
  next_before: string | null;
}

/** A value before or after a change, as compact JSON (the log keeps them as written). */
function Change({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  if (entry.before === null && entry.after === null) return <>—</>;
  return (
    <details>
      <summary>{t('audit.change')}</summary>
      <dl className="facts" style={{ marginTop: 6 }}>
        <dt>{t('audit.before')}</dt>
        <dd>
          <code style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(entry.before, null, 1)}</code>
        </dd>
        <dt>{t('audit.after')}</dt>
        <dd>
          <code style={{ whiteSpace: 'pre-wrap' }}>{JSON.stringify(entry.after, null, 1)}</code>
        </dd>
      </dl>
    </details>
  );
}

/** Audit rows, newest first, with "older" paging; read only: no role edits the log. */
export function AuditTable({
  query,
  caption,
}: {
  query: UseInfiniteQueryResult<InfiniteData<AuditPage>>;
  caption: string;
}) {
  const { t, i18n } = useTranslation();
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.data), [query.data]);
  const columns = useMemo(() => {
    const col = gridColumns<AuditEntry>();
    return col.columns([
      col.accessor('at', {
        header: () => t('audit.at'),
        // Never broken over lines: on a tablet the table scrolls inside its card instead.
        cell: (info) => (
          <span className="nowrap">{formatDateTime(info.getValue(), i18n.language)}</span>
        ),
      }),
      col.accessor('actor_id', {
        header: () => t('audit.actor'),
        cell: ({ row }) => (
          <>
            {row.original.actor_email ?? row.original.actor_id}
            <br />
            <span className="muted">
              {row.original.actor_kind === 'staff'
                ? row.original.actor_roles.join(', ')
                : t(`audit.kinds.${row.original.actor_kind}`)}
            </span>
          </>
        ),
      }),
      col.accessor('action', {
        header: () => t('audit.action'),
        cell: (info) => <code>{info.getValue()}</code>,
      }),
      col.accessor('target_id', {
        header: () => t('audit.target'),
        cell: ({ row }) =>
          row.original.target_id ? (
            <>
              <span className="muted">{row.original.target_kind}</span>{' '}
              <code className="nowrap">{row.original.target_id}</code>
            </>
          ) : (
            '—'
          ),
      }),
      col.accessor('reason', {
        header: () => t('common.reason'),
        cell: (info) => info.getValue() ?? '—',
      }),
      col.display({
        id: 'change',
        header: () => t('audit.change'),
        cell: ({ row }) => <Change entry={row.original} />,
      }),
      col.accessor('ip', { header: () => t('mySessions.ip'), cell: (i) => i.getValue() ?? '—' }),
    ]);
  }, [t, i18n.language]);
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  return (
    <div className="stack">
      <DataTable
        columns={columns}
        data={rows}
        loading={query.isPending}
        caption={caption}
        getRowId={(row) => row.id}
        testId="audit-table"
        empty={<EmptyState>{t('audit.empty')}</EmptyState>}
      />
      {query.hasNextPage ? (
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => void query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {t('ledger.older')}
        </button>
      ) : null}
    </div>
  );
}

import type { StaffClaim } from '@casino/contracts/operator';
import { playerBonusStatuses, type PlayerBonusStatus } from '@casino/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../shared/lib/format';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { Pager } from '../../shared/ui/pager';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';

const open: readonly PlayerBonusStatus[] = ['queued', 'awaiting_deposit', 'active'];
const statusChip: Partial<Record<PlayerBonusStatus, string>> = {
  active: 'chip chip-success',
  queued: 'chip chip-accent',
  awaiting_deposit: 'chip chip-warning',
  cancelled: 'chip chip-danger',
  forfeited: 'chip chip-danger',
};

/** Wagering progress as a bar with its figures (the bar is decoration; the text says it). */
function Progress({ claim }: { claim: StaffClaim }) {
  const { t } = useTranslation();
  const label = t('bonusAdmin.summary.progress', {
    wagered: formatMoney(claim.wagered),
    required: formatMoney(claim.wagering_required),
    percent: claim.percent,
  });
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={claim.percent}
        aria-label={label}
      >
        <div className="progress-fill" style={{ width: `${claim.percent}%` }} />
      </div>
      <span className="progress-label">{label}</span>
    </div>
  );
}

/** Players' claims, newest first, filtered by status and player, with a cancel for open ones. */
export function ClaimsTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const id = useId();
  const client = useQueryClient();
  const [status, setStatus] = useState<PlayerBonusStatus | ''>('active');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [cancelling, setCancelling] = useState<StaffClaim | null>(null);
  const query = { status: status || undefined, q: q || undefined, page, limit: 50 };
  const claims = useQuery({
    queryKey: ['bonuses', 'claims', query],
    queryFn: ({ signal }) => staffCall('bonuses.claims', { query, signal }),
    placeholderData: keepPreviousData,
  });
  const cancel = useMutation({
    mutationFn: ({ claimId, reason }: { claimId: string; reason: string }) =>
      staffCall('bonuses.claims.cancel', { params: { claimId }, body: { reason } }),
    onSuccess: () => {
      toast(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['bonuses'] });
      setCancelling(null);
    },
  });
  const columns = useMemo(() => {
    const col = gridColumns<StaffClaim>();
    return col.columns([
      col.display({
        id: 'player',
        header: () => t('bonusAdmin.columns.player'),
        cell: ({ row: { original: c } }) => <Link to={`/players/${c.user_id}`}>{c.email}</Link>,
      }),
      col.display({
        id: 'offer',
        header: () => t('bonusAdmin.columns.offer'),
        cell: ({ row: { original: c } }) => (
          <>
            {c.title[lang]}
            {c.promo_code ? (
              <>
                <br />
                <code className="muted">{c.promo_code}</code>
              </>
            ) : null}
          </>
        ),
      }),
      col.display({
        id: 'status',
        header: () => t('bonusAdmin.columns.status'),
        cell: ({ row: { original: c } }) => (
          <span className={statusChip[c.status] ?? 'chip chip-muted'}>
            {t(`bonusAdmin.statuses.${c.status}`)}
          </span>
        ),
      }),
      col.display({
        id: 'bonus',
        header: () => t('bonusAdmin.columns.bonus'),
        cell: ({ row: { original: c } }) => formatMoney(c.amount),
      }),
      col.display({
        id: 'progress',
        header: () => t('bonusAdmin.columns.progress'),
        cell: ({ row: { original: c } }) => <Progress claim={c} />,
      }),
      col.display({
        id: 'pocket',
        header: () => t('bonusAdmin.columns.pocket'),
        cell: ({ row: { original: c } }) => formatMoney(c.balance),
      }),
      col.display({
        id: 'claimed',
        header: () => t('bonusAdmin.columns.claimed'),
        cell: ({ row: { original: c } }) => formatDateTime(c.claimed_at, lang),
      }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('bonusAdmin.columns.actions')}</span>,
        cell: ({ row: { original: c } }) =>
          open.includes(c.status) ? (
            <button
              type="button"
              className="btn btn-danger btn-sm"
              aria-label={`${t('bonusAdmin.cancelBonus')}: ${c.email}`}
              onClick={() => setCancelling(c)}
            >
              {t('bonusAdmin.cancelBonus')}
            </button>
          ) : null,
      }),
    ]);
  }, [t, lang]);

  return (
    <div className="stack">
      <form
        className="toolbar"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          setQ(draft.trim());
          setPage(1);
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-status`}>
            {t('bonusAdmin.filterStatus')}
          </label>
          <select
            id={`${id}-status`}
            className="select"
            value={status}
            data-testid="claims-status"
            onChange={(event) => {
              setStatus(event.target.value as PlayerBonusStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('bonusAdmin.anyStatus')}</option>
            {playerBonusStatuses.map((s) => (
              <option key={s} value={s}>
                {t(`bonusAdmin.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field-label" htmlFor={`${id}-q`}>
            {t('bonusAdmin.search')}
          </label>
          <input
            id={`${id}-q`}
            className="input"
            type="search"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-accent">
          {t('common.search')}
        </button>
      </form>
      {claims.isError ? (
        <ErrorState error={claims.error} onRetry={() => void claims.refetch()} />
      ) : (
        <div className="stack">
          <DataTable
            columns={columns}
            data={claims.data?.data}
            loading={claims.isPending}
            caption={t('bonusAdmin.tabs.claims')}
            getRowId={(c) => c.id}
            numeric={['bonus', 'pocket']}
            testId="claims-table"
            empty={<EmptyState>{t('bonusAdmin.emptyClaims')}</EmptyState>}
          />
          <Pager page={page} hasMore={claims.data?.has_more ?? false} onPage={setPage} />
        </div>
      )}
      <ReasonDialog
        open={cancelling !== null}
        title={t('bonusAdmin.cancelTitle', { email: cancelling?.email ?? '' })}
        description={
          cancelling?.status === 'active'
            ? t('bonusAdmin.cancelHint', { amount: formatMoney(cancelling.balance) })
            : t('bonusAdmin.cancelQueuedHint')
        }
        submitLabel={t('bonusAdmin.cancelBonus')}
        danger
        pending={cancel.isPending}
        error={cancel.error}
        onSubmit={(reason) => cancelling && cancel.mutate({ claimId: cancelling.id, reason })}
        onClose={() => {
          cancel.reset();
          setCancelling(null);
        }}
      />
    </div>
  );
}

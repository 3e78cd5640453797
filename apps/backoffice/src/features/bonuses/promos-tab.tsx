import type { StaffPromo } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../shared/lib/format';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';
import { PromoFormDialog } from './promo-form-dialog';

const stateChip = {
  live: 'chip chip-success',
  scheduled: 'chip chip-accent',
  used_up: 'chip chip-warning',
  expired: 'chip chip-muted',
  retired: 'chip chip-danger',
} as const;

/** The promo codes: their offer, uses against the limits, dates and state. */
export function PromosTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const client = useQueryClient();
  const [editing, setEditing] = useState<StaffPromo | null | 'new'>(null);
  const [retiring, setRetiring] = useState<StaffPromo | null>(null);
  const promos = useQuery({
    queryKey: ['bonuses', 'promos'],
    queryFn: ({ signal }) => staffCall('bonuses.promos', { signal }),
  });
  const offers = useQuery({
    queryKey: ['bonuses', 'offers'],
    queryFn: ({ signal }) => staffCall('bonuses.offers', { signal }),
  });
  const retire = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      staffCall('bonuses.promos.retire', { params: { promoId: id }, body: { reason } }),
    onSuccess: () => {
      toast(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['bonuses'] });
      setRetiring(null);
    },
  });
  const columns = useMemo(() => {
    const col = gridColumns<StaffPromo>();
    const date = (v: string) => formatDateTime(v, lang);
    return col.columns([
      col.display({
        id: 'code',
        header: () => t('bonusAdmin.columns.code'),
        cell: ({ row: { original: p } }) => <code>{p.code}</code>,
      }),
      col.display({
        id: 'offer',
        header: () => t('bonusAdmin.columns.offer'),
        cell: ({ row: { original: p } }) => (
          <>
            {p.offer_title[lang]}
            <br />
            <code className="muted">{p.offer_id}</code>
          </>
        ),
      }),
      col.display({
        id: 'uses',
        header: () => t('bonusAdmin.columns.uses'),
        cell: ({ row: { original: p } }) => `${p.uses} / ${p.max_uses}`,
      }),
      col.display({
        id: 'per_player',
        header: () => t('bonusAdmin.columns.perPlayer'),
        cell: ({ row: { original: p } }) => (
          <>
            {p.max_uses_per_player}
            {p.min_deposit ? (
              <>
                <br />
                <span className="muted">≥ {formatMoney(p.min_deposit)}</span>
              </>
            ) : null}
          </>
        ),
      }),
      col.display({
        id: 'dates',
        header: () => t('bonusAdmin.columns.dates'),
        cell: ({ row: { original: p } }) => (
          <>
            {p.starts_at ? t('bonusAdmin.summary.from', { date: date(p.starts_at) }) : null}
            {p.starts_at ? <br /> : null}
            {t('bonusAdmin.summary.until', { date: date(p.expires_at) })}
          </>
        ),
      }),
      col.display({
        id: 'state',
        header: () => t('bonusAdmin.columns.state'),
        cell: ({ row: { original: p } }) => (
          <span className={stateChip[p.state]}>{t(`bonusAdmin.promoStates.${p.state}`)}</span>
        ),
      }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('bonusAdmin.columns.actions')}</span>,
        cell: ({ row: { original: p } }) =>
          p.retired_at ? null : (
            <div className="actions">
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                aria-label={`${t('bonusAdmin.edit')}: ${p.code}`}
                onClick={() => setEditing(p)}
              >
                {t('bonusAdmin.edit')}
              </button>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                aria-label={`${t('bonusAdmin.retire')}: ${p.code}`}
                onClick={() => setRetiring(p)}
              >
                {t('bonusAdmin.retire')}
              </button>
            </div>
          ),
      }),
    ]);
  }, [t, lang]);

  return (
    <div className="stack">
      <div className="actions">
        <button
          type="button"
          className="btn btn-accent"
          onClick={() => setEditing('new')}
          disabled={!offers.data}
          data-testid="new-promo"
        >
          {t('bonusAdmin.newPromo')}
        </button>
      </div>
      {promos.isError ? (
        <ErrorState error={promos.error} onRetry={() => void promos.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={promos.data?.data}
          loading={promos.isPending}
          caption={t('bonusAdmin.tabs.promos')}
          getRowId={(p) => p.id}
          numeric={['uses', 'per_player']}
          testId="promos-table"
          empty={<EmptyState>{t('bonusAdmin.emptyPromos')}</EmptyState>}
        />
      )}
      <PromoFormDialog
        open={editing !== null}
        promo={editing === 'new' ? null : editing}
        offers={offers.data?.data ?? []}
        onClose={() => setEditing(null)}
      />
      <ReasonDialog
        open={retiring !== null}
        title={t('bonusAdmin.retirePromoTitle', { code: retiring?.code ?? '' })}
        description={t('bonusAdmin.retirePromoHint')}
        submitLabel={t('bonusAdmin.retire')}
        danger
        pending={retire.isPending}
        error={retire.error}
        onSubmit={(reason) => retiring && retire.mutate({ id: retiring.id, reason })}
        onClose={() => {
          retire.reset();
          setRetiring(null);
        }}
      />
    </div>
  );
}

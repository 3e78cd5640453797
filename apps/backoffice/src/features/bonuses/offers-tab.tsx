import type { StaffOffer } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime, formatMoney } from '../../shared/lib/format';
import { DataTable, gridColumns } from '../../shared/ui/data-table';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';
import { OfferFormDialog } from './offer-form-dialog';

const stateChip = {
  live: 'chip chip-success',
  scheduled: 'chip chip-accent',
  ended: 'chip chip-muted',
  retired: 'chip chip-danger',
} as const;

/** The offers: what each gives and asks, its schedule and countries, its state and claims. */
export function OffersTab() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ru' ? 'ru' : 'en';
  const client = useQueryClient();
  const [editing, setEditing] = useState<StaffOffer | null | 'new'>(null);
  const [retiring, setRetiring] = useState<StaffOffer | null>(null);
  const offers = useQuery({
    queryKey: ['bonuses', 'offers'],
    queryFn: ({ signal }) => staffCall('bonuses.offers', { signal }),
  });
  const retire = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      staffCall('bonuses.offers.retire', { params: { offerId: id }, body: { reason } }),
    onSuccess: () => {
      toast(t('common.saved'));
      void client.invalidateQueries({ queryKey: ['bonuses'] });
      setRetiring(null);
    },
  });
  const columns = useMemo(() => {
    const col = gridColumns<StaffOffer>();
    const date = (v: string) => formatDateTime(v, lang);
    return col.columns([
      col.display({
        id: 'offer',
        header: () => t('bonusAdmin.columns.offer'),
        cell: ({ row: { original: o } }) => (
          <>
            {o.title[lang]}
            <br />
            <code className="muted">{o.id}</code>
            {o.promo_only ? (
              <span className="muted"> · {t('bonusAdmin.summary.promoOnly')}</span>
            ) : null}
            {o.featured ? (
              <span className="muted"> · {t('bonusAdmin.summary.featured')}</span>
            ) : null}
          </>
        ),
      }),
      col.display({
        id: 'bonus',
        header: () => t('bonusAdmin.columns.bonus'),
        cell: ({ row: { original: o } }) => (
          <>
            {t(`bonusAdmin.kinds.${o.kind}`)}
            <br />
            {o.kind === 'deposit_match'
              ? t('bonusAdmin.summary.match', {
                  percent: o.match_percent,
                  cap: formatMoney(o.max_bonus),
                })
              : formatMoney(o.amount)}
          </>
        ),
      }),
      col.display({
        id: 'wagering',
        header: () => t('bonusAdmin.columns.wagering'),
        cell: ({ row: { original: o } }) => (
          <>
            {t('bonusAdmin.summary.wagering', {
              multiplier: o.wagering_multiplier,
              base: t(`bonusAdmin.summary.base.${o.wagering_base}`),
            })}
            <br />
            <span className="muted">
              {Object.entries(o.contributions)
                .map(([c, p]) => `${c} ${p} %`)
                .join(', ')}
            </span>
          </>
        ),
      }),
      col.display({
        id: 'schedule',
        header: () => t('bonusAdmin.columns.schedule'),
        cell: ({ row: { original: o } }) =>
          o.available_from === null && o.available_until === null ? (
            t('bonusAdmin.summary.always')
          ) : (
            <>
              {o.available_from
                ? t('bonusAdmin.summary.from', { date: date(o.available_from) })
                : null}
              {o.available_from && o.available_until ? <br /> : null}
              {o.available_until
                ? t('bonusAdmin.summary.until', { date: date(o.available_until) })
                : null}
            </>
          ),
      }),
      col.display({
        id: 'countries',
        header: () => t('bonusAdmin.columns.countries'),
        cell: ({ row: { original: o } }) =>
          o.countries ? o.countries.join(', ') : t('bonusAdmin.summary.everywhere'),
      }),
      col.display({
        id: 'state',
        header: () => t('bonusAdmin.columns.state'),
        cell: ({ row: { original: o } }) => (
          <span className={stateChip[o.state]}>{t(`bonusAdmin.offerStates.${o.state}`)}</span>
        ),
      }),
      col.accessor('claims', { header: () => t('bonusAdmin.columns.claims') }),
      col.display({
        id: 'actions',
        header: () => <span className="visually-hidden">{t('bonusAdmin.columns.actions')}</span>,
        cell: ({ row: { original: o } }) => (
          <div className="actions">
            <button
              type="button"
              className="btn btn-secondary btn-sm"
              aria-label={`${t('bonusAdmin.edit')}: ${o.title[lang]}`}
              onClick={() => setEditing(o)}
            >
              {t('bonusAdmin.edit')}
            </button>
            {o.enabled ? (
              <button
                type="button"
                className="btn btn-danger btn-sm"
                aria-label={`${t('bonusAdmin.retire')}: ${o.title[lang]}`}
                onClick={() => setRetiring(o)}
              >
                {t('bonusAdmin.retire')}
              </button>
            ) : null}
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
          data-testid="new-offer"
        >
          {t('bonusAdmin.newOffer')}
        </button>
      </div>
      {offers.isError ? (
        <ErrorState error={offers.error} onRetry={() => void offers.refetch()} />
      ) : (
        <DataTable
          columns={columns}
          data={offers.data?.data}
          loading={offers.isPending}
          caption={t('bonusAdmin.tabs.offers')}
          getRowId={(o) => o.id}
          numeric={['claims']}
          testId="offers-table"
          empty={<EmptyState>{t('bonusAdmin.emptyOffers')}</EmptyState>}
        />
      )}
      <OfferFormDialog
        open={editing !== null}
        offer={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
      />
      <ReasonDialog
        open={retiring !== null}
        title={t('bonusAdmin.retireOfferTitle', { name: retiring?.title[lang] ?? '' })}
        description={t('bonusAdmin.retireOfferHint')}
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

import { bannerErrorCodes } from '@casino/contracts';
import type { StaffBanner, StaffBannerState } from '@casino/contracts/operator';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { staffCall } from '../../shared/api/staff-api';
import { formatDateTime } from '../../shared/lib/format';
import { usePageTitle } from '../../shared/lib/use-page-title';
import { ReasonDialog } from '../../shared/ui/reason-dialog';
import { EmptyState, QueryView } from '../../shared/ui/states';
import { toast } from '../../shared/ui/toasts';
import { BannerForm } from './banner-form';
import { bannersKey } from './banners-api';
import './banners.css';

const stateChip: Record<StaffBannerState, string> = {
  live: 'chip chip-success',
  scheduled: 'chip chip-accent',
  ended: 'chip chip-muted',
  incomplete: 'chip chip-warning',
  retired: 'chip chip-muted',
};

function Thumb({
  src,
  kind,
  label,
}: {
  src: string | null;
  kind: 'wide' | 'phone';
  label: string;
}) {
  return (
    <span className={`banner-thumb banner-thumb-${kind}`}>
      {src ? <img src={src} alt="" loading="lazy" /> : label}
    </span>
  );
}

/** The home carousel's banners (issue 30, decision 090): list, order, create, edit, retire. */
export default function BannersPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('nav.banners'));
  const client = useQueryClient();
  const [editing, setEditing] = useState<StaffBanner | 'new' | null>(null);
  const [retiring, setRetiring] = useState<StaffBanner | null>(null);
  const list = useQuery({
    queryKey: bannersKey,
    queryFn: ({ signal }) => staffCall('banners.list', { signal }),
  });
  const rows = useRef(new Map<string, HTMLLIElement>());
  const focusAfterMove = useRef<{ id: string; direction: 'up' | 'down' } | null>(null);

  // After a move, the focus stays on the moved banner's arrow while it can go on (keyboard
  // use: press again to move it further), else on its other arrow.
  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target) return;
    focusAfterMove.current = null;
    const node = rows.current.get(target.id);
    const same = node?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]`);
    const other = node?.querySelector<HTMLButtonElement>(
      `[data-move="${target.direction === 'up' ? 'down' : 'up'}"]`,
    );
    (same && !same.disabled ? same : other)?.focus();
  }, [list.data]);

  const reorder = useMutation({
    mutationFn: (ids: string[]) => staffCall('banners.reorder', { body: { ids } }),
    onSuccess: (data) => client.setQueryData(bannersKey, data),
    onError: (error) => {
      if (isApiError(error) && error.code === bannerErrorCodes.BANNER_ORDER_STALE) {
        toast(t('banners.orderStale'));
      }
      void client.invalidateQueries({ queryKey: bannersKey });
    },
  });
  const retire = useMutation({
    mutationFn: ({ banner, reason }: { banner: StaffBanner; reason: string }) =>
      staffCall('banners.retire', { params: { bannerId: banner.id }, body: { reason } }),
    onSuccess: () => {
      toast(t('common.saved'));
      setRetiring(null);
      void client.invalidateQueries({ queryKey: bannersKey });
    },
  });

  const title = (banner: StaffBanner) =>
    (i18n.language === 'ru' ? banner.copy.ru : banner.copy.en).title;
  const when = (iso: string | null, none: string) =>
    iso ? formatDateTime(iso, i18n.language) : none;

  if (editing) {
    const banner = editing === 'new' ? null : editing;
    return (
      <section className="page">
        <div className="page-head">
          <h1 className="page-title">
            {banner ? t('banners.form.editTitle') : t('banners.form.newTitle')}
          </h1>
        </div>
        <BannerForm banner={banner} onDone={() => setEditing(null)} />
      </section>
    );
  }

  return (
    <section className="page">
      <div className="page-head">
        <h1 className="page-title">{t('nav.banners')}</h1>
        <button
          type="button"
          className="btn btn-accent"
          onClick={() => setEditing('new')}
          data-testid="banner-new"
        >
          {t('banners.create')}
        </button>
      </div>
      <p className="muted">{t('banners.intro')}</p>
      <QueryView query={list} lines={6}>
        {({ data }) => {
          const active = data.filter((b) => b.state !== 'retired');
          const retired = data.filter((b) => b.state === 'retired');
          if (data.length === 0) return <EmptyState>{t('banners.empty')}</EmptyState>;
          const move = (index: number, by: -1 | 1) => {
            if (reorder.isPending) return;
            const ids = active.map((b) => b.id);
            const [moved] = ids.splice(index, 1);
            if (!moved) return;
            ids.splice(index + by, 0, moved);
            // The focus follows the banner it moved (the effect above, once the list shows it).
            focusAfterMove.current = { id: moved, direction: by < 0 ? 'up' : 'down' };
            reorder.mutate(ids);
          };
          const row = (banner: StaffBanner, index: number | null) => (
            <li
              key={banner.id}
              className="banner-row"
              data-testid="banner-row"
              data-state={banner.state}
              ref={(node) => {
                if (node) rows.current.set(banner.id, node);
                else rows.current.delete(banner.id);
              }}
            >
              <div className="banner-thumbs">
                <Thumb src={banner.desktop} kind="wide" label={t('banners.noArt')} />
                <Thumb src={banner.mobile} kind="phone" label="—" />
              </div>
              <div className="banner-meta">
                <span className="muted">
                  {index === null
                    ? t('banners.state.retired')
                    : t('banners.position', { position: banner.position })}
                </span>
                <strong>{title(banner)}</strong>
                <span>
                  <span className={stateChip[banner.state]}>
                    {t(`banners.state.${banner.state}`)}
                  </span>{' '}
                  <span className="muted">
                    {t('banners.schedule', {
                      from: when(banner.starts_at, t('banners.fromNow')),
                      until: when(banner.ends_at, t('banners.always')),
                    })}
                  </span>
                </span>
                <code className="muted">{banner.link}</code>
              </div>
              {index === null ? null : (
                <div className="banner-actions">
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    data-move="up"
                    aria-label={t('banners.moveUp', { title: title(banner) })}
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                  >
                    <ArrowUp size={16} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    data-move="down"
                    aria-label={t('banners.moveDown', { title: title(banner) })}
                    disabled={index === active.length - 1}
                    onClick={() => move(index, 1)}
                  >
                    <ArrowDown size={16} aria-hidden="true" />
                  </button>
                  <button
                    type="button"
                    className="btn btn-secondary btn-sm"
                    onClick={() => setEditing(banner)}
                  >
                    {t('banners.edit')}
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-sm"
                    onClick={() => setRetiring(banner)}
                  >
                    {t('banners.retire')}
                  </button>
                </div>
              )}
            </li>
          );
          return (
            <div className="stack">
              <h2 className="card-title">{t('banners.list')}</h2>
              <ol className="banner-list" data-testid="banner-list">
                {active.map((banner, index) => row(banner, index))}
              </ol>
              {retired.length > 0 ? (
                <>
                  <h2 className="card-title">{t('banners.retiredList')}</h2>
                  <ul className="banner-list">{retired.map((banner) => row(banner, null))}</ul>
                </>
              ) : null}
            </div>
          );
        }}
      </QueryView>
      <ReasonDialog
        open={retiring !== null}
        title={t('banners.retireTitle', { title: retiring ? title(retiring) : '' })}
        description={t('banners.retireHint')}
        submitLabel={t('banners.retire')}
        danger
        pending={retire.isPending}
        error={retire.error}
        onSubmit={(reason) => retiring && retire.mutate({ banner: retiring, reason })}
        onClose={() => {
          retire.reset();
          setRetiring(null);
        }}
      />
    </section>
  );
}

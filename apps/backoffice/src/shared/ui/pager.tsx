import { useTranslation } from 'react-i18next';

/** Previous / next over server pages; `hasMore` comes from the page the server sent. */
export function Pager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="actions" aria-label={t('common.pageOf', { page })}>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.previous')}
      </button>
      <span className="muted" style={{ alignSelf: 'center' }}>
        {t('common.pageOf', { page })}
      </span>
      <button
        type="button"
        className="btn btn-secondary btn-sm"
        disabled={!hasMore}
        onClick={() => onPage(page + 1)}
      >
        {t('common.next')}
      </button>
    </nav>
  );
}

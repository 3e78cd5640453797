import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** /search: results arrive with the game catalog. */
export function SearchPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.search.title')}>
      <EmptyState
        icon={Search}
        title={t('pages.search.emptyTitle')}
        text={t('pages.search.emptyText')}
      />
    </Page>
  );
}

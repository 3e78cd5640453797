import { Dices } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** /casino: sort tabs, categories and search arrive with the game catalog. */
export function CasinoPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.casino.title')}>
      <EmptyState
        icon={Dices}
        title={t('pages.casino.emptyTitle')}
        text={t('pages.casino.emptyText')}
      />
    </Page>
  );
}

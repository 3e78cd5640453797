import { Gift } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** /profile/bonus: promo codes, daily bonus and active bonuses arrive later. */
export function BonusPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.bonus.title')}>
      <EmptyState
        icon={Gift}
        tone="gold"
        title={t('pages.bonus.emptyTitle')}
        text={t('pages.bonus.emptyText')}
      />
    </Page>
  );
}

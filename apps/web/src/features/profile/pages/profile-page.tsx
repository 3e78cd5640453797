import { CircleUserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** /profile: avatar, account settings (#settings) and password change arrive with accounts. */
export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.profile.title')}>
      <EmptyState
        icon={CircleUserRound}
        title={t('pages.profile.emptyTitle')}
        text={t('pages.profile.emptyText')}
      />
    </Page>
  );
}

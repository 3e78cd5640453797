import { CircleHelp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** The FAQ / support page, both stand-alone (/faq) and inside the profile (/profile/faq). */
export function FaqPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.faq.title')}>
      <EmptyState
        icon={CircleHelp}
        title={t('pages.faq.emptyTitle')}
        text={t('pages.faq.emptyText')}
      />
    </Page>
  );
}

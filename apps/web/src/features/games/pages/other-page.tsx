import { Gamepad2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** /other: its own page; the content is not specified yet. */
export function OtherPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.other.title')}>
      <EmptyState
        icon={Gamepad2}
        title={t('pages.other.emptyTitle')}
        text={t('pages.other.emptyText')}
        action={
          <Link to="/" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            {t('pages.backHome')}
          </Link>
        }
      />
    </Page>
  );
}

import { LayoutGrid } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

export type ProviderId = 'endorphina' | 'gbgames' | 'pragmatic';

/** One provider's game list (/endorphina, /gbgames, /pragmatic), titled by its label. */
export function ProviderPage({ provider }: { provider: ProviderId }) {
  const { t } = useTranslation();
  const label = t(`nav.${provider}`);
  return (
    <Page title={label} eyebrow={t('sidebar.providers')}>
      <EmptyState
        icon={LayoutGrid}
        title={t('pages.provider.emptyTitle')}
        text={t('pages.provider.emptyText', { provider: label })}
        action={
          <Link to="/" className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            {t('pages.provider.action')}
          </Link>
        }
      />
    </Page>
  );
}

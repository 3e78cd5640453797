import { ArrowDownToLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** /profile/balance/credit: card and crypto top-up forms arrive with the cashier. */
export function DepositPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.deposit.title')}>
      <EmptyState
        icon={ArrowDownToLine}
        tone="primary"
        title={t('pages.deposit.emptyTitle')}
        text={t('pages.deposit.emptyText')}
        action={
          <Link
            to="/profile/balance"
            className={buttonClassName({ variant: 'secondary', size: 'lg' })}
          >
            {t('pages.deposit.back')}
          </Link>
        }
      />
    </Page>
  );
}

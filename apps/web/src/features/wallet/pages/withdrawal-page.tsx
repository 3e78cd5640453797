import { ArrowUpFromLine } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** /profile/balance/widthdrawall: card and crypto withdrawal forms arrive with the cashier. */
export function WithdrawalPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.withdrawal.title')}>
      <EmptyState
        icon={ArrowUpFromLine}
        tone="gold"
        title={t('pages.withdrawal.emptyTitle')}
        text={t('pages.withdrawal.emptyText')}
        action={
          <Link
            to="/profile/balance"
            className={buttonClassName({ variant: 'secondary', size: 'lg' })}
          >
            {t('pages.withdrawal.back')}
          </Link>
        }
      />
    </Page>
  );
}

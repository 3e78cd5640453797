import { ArrowDownToLine, ArrowUpFromLine, ReceiptText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClassName } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';

/** /profile/balance: the balance card and the transactions list arrive with the wallet. */
export function BalancePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('pages.balance.title')}>
      <EmptyState
        icon={ReceiptText}
        tone="gold"
        title={t('pages.balance.emptyTitle')}
        text={t('pages.balance.emptyText')}
        action={
          <>
            <Link
              to="/profile/balance/credit"
              className={buttonClassName({ variant: 'primary', size: 'lg' })}
            >
              <ArrowDownToLine size={20} aria-hidden="true" />
              {t('pages.balance.deposit')}
            </Link>
            <Link
              to="/profile/balance/widthdrawall"
              className={buttonClassName({ variant: 'secondary', size: 'lg' })}
            >
              <ArrowUpFromLine size={20} aria-hidden="true" />
              {t('pages.balance.withdraw')}
            </Link>
          </>
        }
      />
    </Page>
  );
}

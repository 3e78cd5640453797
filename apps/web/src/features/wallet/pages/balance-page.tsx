import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { buttonClassName } from '../../../shared/ui/button/button';
import { Page } from '../../../shared/ui/page/page';
import { useAuthStore, useMe } from '../../auth';
import { PaymentsList } from '../../cashier';
import { useRefreshNewest } from '../api/transactions';
import { TransactionList } from '../components/transaction-list';
import styles from './balance-page.module.css';

// The balance page is its own chunk; its texts and the contract schemas travel with it.
registerAccountMessages();

/** /profile/balance (SPEC §2): the balance card, then the player's recent transactions. */
export function BalancePage() {
  const { t } = useTranslation();
  const headingId = useId();
  const user = useAuthStore((state) => state.user);
  // A visit reads the balance again; the live stream keeps the `me` query current after.
  const me = useMe(Boolean(user));
  const balance = me.data?.balance ?? user?.balance;
  if (!user || balance === undefined) return null; // the route guard keeps guests out

  return (
    <Page title={t('pages.balance.title')}>
      <div className={styles.layout}>
        <BalanceCard balance={balance} />
        <PaymentsList />
        <section className={styles.statement} aria-labelledby={headingId}>
          <h2 id={headingId} className={styles.heading}>
            {t('wallet.recent')}
          </h2>
          <TransactionList userId={user.id} labelledBy={headingId} />
          <RefreshOnBalanceChange userId={user.id} balance={balance} />
        </section>
      </div>
    </Page>
  );
}

function BalanceCard({ balance }: { balance: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const labelId = useId();
  return (
    <section className={styles.card} aria-labelledby={labelId}>
      <div className={styles.figure}>
        <p id={labelId} className={styles.label}>
          {t('wallet.balanceLabel')}
        </p>
        <p className={styles.balance} data-testid="balance-amount">
          {formatMoney(balance, language)}
        </p>
      </div>
      <div className={styles.actions}>
        <Link
          to="/profile/balance/credit"
          className={buttonClassName({ variant: 'primary', size: 'lg' })}
          data-testid="balance-deposit"
        >
          <ArrowDownToLine size={20} aria-hidden="true" />
          {t('pages.balance.deposit')}
        </Link>
        <Link
          to="/profile/balance/widthdrawall"
          className={buttonClassName({ variant: 'secondary', size: 'lg' })}
          data-testid="balance-withdraw"
        >
          <ArrowUpFromLine size={20} aria-hidden="true" />
          {t('pages.balance.withdraw')}
        </Link>
      </div>
    </section>
  );
}

/** A new balance (a spin, a win, a top-up) puts the newest rows on the statement. */
function RefreshOnBalanceChange({ userId, balance }: { userId: string; balance: string }) {
  const refreshNewest = useRefreshNewest(userId);
  const seen = useRef(balance);
  useEffect(() => {
    if (seen.current === balance) return;
    seen.current = balance;
    void refreshNewest();
  }, [balance, refreshNewest]);
  return null;
}

import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore, type User } from '../../features/auth';
import { ChangingBalance } from '../../features/wallet';
import { Avatar } from '../../shared/ui/avatar/avatar';
import styles from './sidebar-account.module.css';

/** The sidebar's signed-in block: who is playing and with how much, a step from a top-up. */
export function SidebarAccount() {
  const user = useAuthStore((state) => state.user);
  if (!user) return null;
  return <SignedIn user={user} />;
}

function SignedIn({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <section className={styles.card} aria-label={t('header.account')} data-testid="sidebar-account">
      <Link to="/profile" className={styles.who}>
        <Avatar src={user.avatar} size={44} />
        <span className={styles.text}>
          <span className={styles.name}>{user.username}</span>
          <span className={styles.balance}>
            <span className="visually-hidden">{t('header.balance')}: </span>
            <ChangingBalance balance={user.balance} testId="sidebar-balance" />
          </span>
        </span>
      </Link>
      <Link to="/profile/balance/credit" className={styles.deposit}>
        <Plus size={16} aria-hidden="true" />
        {t('header.deposit')}
      </Link>
    </section>
  );
}

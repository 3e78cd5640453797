import { Plus, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useAuthStore, type User } from '../auth-store';
import styles from './header-account.module.css';

/** The right end of the header: Log in / Register for guests; balance and avatar otherwise. */
export function HeaderAccount() {
  const user = useAuthStore((state) => state.user);
  return user ? <SignedIn user={user} /> : <Guest />;
}

function Guest() {
  const { t } = useTranslation();
  const open = useModalStore((state) => state.open);
  return (
    <div className={styles.actions}>
      <Button
        variant="secondary"
        className={styles.login}
        onClick={() => open('login')}
        data-testid="login-button"
      >
        {t('header.login')}
      </Button>
      <Button
        variant="primary"
        className={styles.register}
        onClick={() => open('register')}
        data-testid="register-button"
      >
        {t('header.register')}
      </Button>
    </div>
  );
}

function SignedIn({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className={styles.actions}>
      <div className={styles.wallet}>
        <Link to="/profile/balance" className={styles.balance} data-testid="header-balance">
          <Wallet size={18} aria-hidden="true" className={styles.walletIcon} />
          <span className="visually-hidden">{t('header.balance')}</span>
          <span className={styles.amount}>{formatMoney(user.balance, language)}</span>
        </Link>
        <Link
          to="/profile/balance/credit"
          className={styles.deposit}
          aria-label={t('header.deposit')}
          title={t('header.deposit')}
        >
          <Plus size={18} aria-hidden="true" />
        </Link>
      </div>
      <Link
        to="/profile"
        className={styles.user}
        aria-label={t('header.profileOf', { name: user.username })}
        data-testid="header-profile"
      >
        <Avatar user={user} />
        <span className={styles.username}>{user.username}</span>
      </Link>
    </div>
  );
}

export function Avatar({ user, size = 40 }: { user: User; size?: number }) {
  const initials = user.username.slice(0, 2).toUpperCase();
  return user.avatar ? (
    <img className={styles.avatar} src={user.avatar} alt="" width={size} height={size} />
  ) : (
    <span className={styles.avatar} style={{ width: size, height: size }} aria-hidden="true">
      {initials}
    </span>
  );
}

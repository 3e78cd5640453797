import { Gift, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { preloadAuthModals, useAuthStore, type User } from '../../features/auth';
import { ChangingBalance } from '../../features/wallet';
import { useLanguage } from '../../shared/i18n/i18n';
import { formatMoney } from '../../shared/lib/format';
import { Avatar } from '../../shared/ui/avatar/avatar';
import { Button } from '../../shared/ui/button/button';
import { useModalStore } from '../../shared/ui/modal/modal-store';
import styles from './header-account.module.css';

/** The right end of the header: Log in / Register for guests; the player's card otherwise. */
export function HeaderAccount() {
  const user = useAuthStore((state) => state.user);
  const isChecking = useAuthStore((state) => state.isChecking);
  if (user) return <SignedIn user={user} />;
  // A returning player's session is being checked: hold the place instead of flashing buttons.
  if (isChecking) return <span className={styles.placeholder} aria-hidden="true" />;
  return <Guest />;
}

function Guest() {
  const { t } = useTranslation();
  const open = useModalStore((state) => state.open);
  return (
    <div className={styles.actions} onPointerEnter={preloadAuthModals} onFocus={preloadAuthModals}>
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
  // The balance follows the game live (features/wallet/live-balance): a change flashes once.
  // The link is named by what it shows (name, balance), then where it goes: a name that holds
  // the visible text, so a voice-control user can say what they see (WCAG 2.5.3).
  return (
    <div className={styles.actions}>
      <Link
        to="/profile/balance/credit"
        className={styles.deposit}
        aria-label={t('header.deposit')}
        title={t('header.deposit')}
        data-testid="header-deposit"
      >
        <Plus size={18} aria-hidden="true" />
      </Link>
      <Link to="/profile" className={styles.account} data-testid="header-profile">
        <Avatar src={user.avatar} size={40} className={styles.avatar} testId="header-avatar" />
        <span className={styles.details}>
          <span className={styles.username} data-testid="header-username">
            {user.username}
          </span>
          <span className={styles.balance}>
            <ChangingBalance balance={user.balance} testId="header-balance" />
          </span>
          <HeaderBonus bonus={user.bonus} />
        </span>
        <span className="visually-hidden">
          {' '}
          ({t('header.balance')}) · {t('header.profileOf', { name: user.username })}
        </span>
      </Link>
    </div>
  );
}

/** The bonus money inside the balance, when there is any (decision 039). */
function HeaderBonus({ bonus }: { bonus: string | undefined }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (bonus === undefined || /^0\.0+$/.test(bonus)) return null;
  return (
    <span className={styles.bonus} data-testid="header-bonus">
      <span className="visually-hidden">{t('header.bonusOf')}: </span>
      <Gift size={12} aria-hidden="true" />
      {formatMoney(bonus, language)}
    </span>
  );
}

import { ArrowUpRight, CalendarDays, LogOut, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerAccountMessages } from '../../../shared/i18n/accounts/register';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatDate, formatMoney } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { Page } from '../../../shared/ui/page/page';
import { useAuthStore, useLogout, useMe, type User } from '../../auth';
import { IdentityCard, PrivacyCard } from '../../identity';
import { AccountSettings } from '../components/account-settings';
import { AvatarEditor } from '../components/avatar-editor';
import { ChangePassword } from '../components/change-password';
import { DeviceSessions } from '../components/device-sessions';
import { TwoFactorCard } from '../components/two-factor-card';
import styles from './profile-page.module.css';

// The profile page is its own chunk; its texts and the contract schemas travel with it.
registerAccountMessages();

/** /profile (SPEC §2 "Profile main page"): who the player is, their money, their settings. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  // A visit shows a fresh balance and avatar.
  useMe(Boolean(user));
  if (!user) return null; // the route guard keeps guests out; this covers the moment of logout
  return (
    <Page title={t('pages.profile.title')} actions={<LogoutButton />}>
      <section className={styles.hero} aria-label={t('header.account')}>
        <div className={styles.identity}>
          <AvatarEditor avatar={user.avatar} />
          <div className={styles.who}>
            <p className={styles.username} data-testid="profile-username">
              {user.username}
            </p>
            <p className={styles.email}>{user.email}</p>
            <MemberSince user={user} />
          </div>
        </div>
        <BalanceCard user={user} />
      </section>
      <div className={styles.cards}>
        <AccountSettings user={user} />
        <ChangePassword username={user.username} userId={user.id} />
        <TwoFactorCard userId={user.id} />
        <DeviceSessions userId={user.id} />
        <IdentityCard userId={user.id} />
        <PrivacyCard />
      </div>
    </Page>
  );
}

function MemberSince({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <p className={styles.since} data-testid="profile-registered">
      <CalendarDays size={16} aria-hidden="true" />
      {t('profile.memberSince', { date: formatDate(user.createdAt, language) })}
    </p>
  );
}

function BalanceCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <div className={styles.balanceCard}>
      <p className={styles.balanceLabel}>{t('profile.balance')}</p>
      <div className={styles.balanceRow}>
        <p className={styles.balance} data-testid="profile-balance">
          {formatMoney(user.balance, language)}
        </p>
        <Link
          to="/profile/balance/credit"
          className={styles.topUp}
          aria-label={t('profile.deposit')}
          title={t('profile.deposit')}
          data-testid="profile-deposit"
        >
          <Plus size={22} aria-hidden="true" />
        </Link>
      </div>
      <Link
        to="/profile/balance/widthdrawall"
        className={styles.withdraw}
        data-testid="profile-withdraw"
      >
        {t('profile.withdraw')}
        <ArrowUpRight size={16} aria-hidden="true" />
      </Link>
    </div>
  );
}

function LogoutButton() {
  const { t } = useTranslation();
  const logout = useLogout();
  return (
    <Button
      variant="secondary"
      className={styles.logout}
      onClick={() => logout.mutate()}
      pending={logout.isPending}
      icon={<LogOut size={18} aria-hidden="true" />}
      data-testid="logout-button"
    >
      {t('profile.logout')}
    </Button>
  );
}

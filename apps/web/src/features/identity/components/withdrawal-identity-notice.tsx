import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerIdentityMessages } from '../../../shared/i18n/identity/register';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { useAuthStore } from '../../auth';
import { useIdentity } from '../api/identity';
import styles from './identity.module.css';

registerIdentityMessages();

/**
 * The cashier's withdrawal rule (decision 052), said before the player fills in a form: the
 * first withdrawal needs a verified identity, and so does any above the threshold. Nothing
 * once the identity is verified (or while the status is loading).
 */
export function WithdrawalIdentityNotice() {
  const { t } = useTranslation();
  const language = useLanguage();
  const userId = useAuthStore((state) => state.user?.id);
  const identity = useIdentity(userId);
  if (!userId || !identity.data || identity.data.status === 'verified') return null;
  const { status, withdrawal } = identity.data;
  const rule = withdrawal.first_needs_verification
    ? t('identity.withdrawal.firstNeedsVerification')
    : t('identity.withdrawal.overThreshold', {
        amount: formatMoney(withdrawal.threshold, language),
      });
  return (
    <div className={styles.notice} role="note" data-testid="withdrawal-identity-notice">
      <p className={styles.noticeText}>
        <ShieldAlert size={18} aria-hidden="true" />
        <span>
          {rule}
          {status === 'pending' ? ` ${t('identity.withdrawal.pending')}` : ''}
        </span>
      </p>
      <Link
        to="/profile/verification"
        className={styles.link}
        data-testid="withdrawal-identity-link"
      >
        {t('identity.withdrawal.link')}
      </Link>
    </div>
  );
}

import { ArrowRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { registerIdentityMessages } from '../../../shared/i18n/identity/register';
import { buttonClassName } from '../../../shared/ui/button/button';
import { useIdentity } from '../api/identity';
import { SettingsCard } from '../../../shared/ui/settings-card/settings-card';
import styles from './identity.module.css';
import { StatusBadge } from './status-badge';

registerIdentityMessages();

/** The profile's card of the identity check: its status and the way to the verification page. */
export function IdentityCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const identity = useIdentity(userId);
  const status = identity.data?.status;
  return (
    <SettingsCard
      titleId="identity-card-title"
      title={t('identity.title')}
      lead={t('identity.cardLead')}
      testId="identity-card"
    >
      {status ? (
        <div className={styles.status}>
          <StatusBadge status={status} />
          {status === 'rejected' && identity.data?.reason ? (
            <p className={styles.reason}>
              {t('identity.reason', { reason: identity.data.reason })}
            </p>
          ) : null}
        </div>
      ) : identity.isError ? (
        <p role="alert">{t('identity.failed')}</p>
      ) : (
        <p aria-busy="true">{t('identity.loading')}</p>
      )}
      <Link
        to="/profile/verification"
        className={`${buttonClassName({ variant: status === 'verified' ? 'secondary' : 'primary' })} ${styles.cardLink}`}
        data-testid="identity-open"
      >
        {status === 'verified' || status === 'pending'
          ? t('identity.openStatus')
          : t('identity.open')}
        <ArrowRight size={16} aria-hidden="true" />
      </Link>
    </SettingsCard>
  );
}

import { useTranslation } from 'react-i18next';
import { registerIdentityMessages } from '../../../shared/i18n/identity/register';
import { Page } from '../../../shared/ui/page/page';
import { LoadFailed } from '../../../shared/ui/settings-card/settings-card';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { useAuthStore } from '../../auth';
import { useIdentity } from '../api/identity';
import cards from '../../../shared/ui/card/card.module.css';
import { DocumentUpload } from '../components/document-upload';
import styles from '../components/identity.module.css';
import { StatusBadge } from '../components/status-badge';

registerIdentityMessages();

/**
 * /profile/verification (issue 15, decision 052): the identity check's status, the operator's
 * reason after a rejection, and the two documents to send.
 */
export function VerificationPage() {
  const { t } = useTranslation();
  const userId = useAuthStore((state) => state.user?.id);
  if (!userId) return null; // the route guard keeps guests out
  return (
    <Page title={t('identity.title')}>
      <VerificationBody userId={userId} />
    </Page>
  );
}

function VerificationBody({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const identity = useIdentity(userId);

  if (identity.isPending) {
    return (
      <div role="status" className={styles.actions}>
        <Spinner size={24} />
        <span>{t('identity.loading')}</span>
      </div>
    );
  }
  if (identity.isError) {
    return (
      <LoadFailed
        message={t('identity.failed')}
        retry={t('identity.retry')}
        onRetry={() => void identity.refetch()}
        className={styles.status}
      />
    );
  }
  const { status, reason, documents } = identity.data;
  const sent = (kind: 'identity' | 'address') => documents.find((d) => d.kind === kind);
  return (
    <div className={styles.status}>
      <section className={cards.card} aria-label={t(`identity.status.${status}`)}>
        <div className={cards.cardHeader}>
          <StatusBadge status={status} />
          <p className={cards.cardLead}>{t('identity.lead')}</p>
        </div>
        <p className={styles.statusText} aria-live="polite" data-testid="identity-status-text">
          {t(`identity.statusText.${status}`)}
        </p>
        {status === 'rejected' && reason ? (
          <p className={styles.reason} data-testid="identity-reason">
            {t('identity.reason', { reason })}
          </p>
        ) : null}
      </section>
      <div className={styles.documents}>
        {(['identity', 'address'] as const).map((kind) => (
          <DocumentUpload
            key={kind}
            userId={userId}
            kind={kind}
            sent={sent(kind)}
            locked={status === 'verified'}
          />
        ))}
      </div>
    </div>
  );
}

import { AlertTriangle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { registerRgMessages } from '../../../shared/i18n/responsible-gaming/register';
import { Button } from '../../../shared/ui/button/button';
import { EmptyState } from '../../../shared/ui/empty-state/empty-state';
import { Page } from '../../../shared/ui/page/page';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { useAuthStore } from '../../auth';
import { useRgStatus } from '../api/responsible-gaming';
import { BlockSection } from '../components/block-section';
import { LimitsSection } from '../components/limits-section';
import { SessionSettings } from '../components/session-settings';
import styles from '../components/rg.module.css';

// The page is its own chunk; its texts travel with it.
registerRgMessages();

/**
 * /profile/responsible-gaming (issue 29, decision 070): limits, play time, time-out and
 * self-exclusion. Linked from the account menu, the deposit page and the footer.
 */
export function LimitsPage() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const status = useRgStatus(user?.id ?? '');
  if (!user) return null; // the route guard keeps guests out
  return (
    <Page title={t('rg.title')}>
      {status.isPending ? (
        <div className={styles.loading} data-testid="rg-loading" aria-busy="true">
          <Spinner size={28} />
        </div>
      ) : status.isError ? (
        <EmptyState
          icon={AlertTriangle}
          title={t('rg.loadFailed')}
          text={t('errors.generic')}
          testId="rg-error"
          action={
            <Button variant="primary" onClick={() => void status.refetch()}>
              {t('rg.retry')}
            </Button>
          }
        />
      ) : (
        <div className={styles.layout} data-testid="rg-page">
          <p className={styles.intro}>{t('rg.intro')}</p>
          <LimitsSection status={status.data} userId={user.id} />
          <SessionSettings
            key={`${status.data.session_limit.minutes ?? ''}`}
            status={status.data}
            userId={user.id}
          />
          <BlockSection status={status.data} userId={user.id} />
        </div>
      )}
    </Page>
  );
}

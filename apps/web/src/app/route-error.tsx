import { RotateCw, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '../shared/ui/button/button';
import { EmptyState } from '../shared/ui/empty-state/empty-state';
import styles from './route-error.module.css';

/**
 * Shown when a page throws while rendering or its code fails to load (after a deploy, an old
 * tab asks for chunks that no longer exist: a reload fetches the new ones).
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className={styles.wrap} data-testid="route-error">
      <EmptyState
        icon={TriangleAlert}
        tone="gold"
        headingLevel={1}
        title={t('routeError.title')}
        text={t('routeError.text')}
        action={
          <Button
            variant="primary"
            size="lg"
            icon={<RotateCw size={20} aria-hidden="true" />}
            onClick={() => window.location.reload()}
          >
            {t('routeError.action')}
          </Button>
        }
      />
    </div>
  );
}

import { Compass, House } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../shared/lib/use-document-title';
import { buttonClassName } from '../../shared/ui/button/button';
import { EmptyState } from '../../shared/ui/empty-state/empty-state';
import styles from './not-found-page.module.css';

/** Any path outside the route table. */
export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div data-testid="not-found">
      <EmptyState
        icon={Compass}
        art={
          <p className={styles.code} aria-hidden="true">
            <span>4</span>
            <span className={styles.planet}>
              <span className={styles.ring} />
            </span>
            <span>4</span>
          </p>
        }
        headingLevel={1}
        title={t('notFound.title')}
        text={t('notFound.text')}
        action={
          <Link to="/" className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            <House size={20} aria-hidden="true" />
            {t('pages.backHome')}
          </Link>
        }
      />
    </div>
  );
}

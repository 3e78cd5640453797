import { useTranslation } from 'react-i18next';
import styles from './page-fallback.module.css';

/** Shown while a page's code loads: the page's own outline, so nothing jumps after. */
export function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className={styles.fallback} role="status" aria-busy="true">
      <span className="visually-hidden">{t('app.loading')}</span>
      <span className={styles.title} />
      <span className={styles.block} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useThemeStore } from '../../features/theme';
import styles from './footer.module.css';
import { Logo } from './logo';

export function Footer() {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.brand}>
          <Logo variant={theme} className={styles.logo} />
          <p className={styles.rights}>{t('footer.rights', { year: new Date().getFullYear() })}</p>
        </div>
        <nav aria-label={t('footer.legal')}>
          <ul className={styles.links}>
            <li>
              <Link to="/privacy" className={styles.link}>
                {t('footer.privacy')}
              </Link>
            </li>
            <li>
              <Link to="/terms" className={styles.link}>
                {t('footer.terms')}
              </Link>
            </li>
            <li>
              <Link to="/loyalty" className={styles.link}>
                {t('footer.loyalty')}
              </Link>
            </li>
            <li>
              <Link to="/fair" className={styles.link}>
                {t('footer.fair')}
              </Link>
            </li>
            <li>
              <Link to="/responsible-gaming" className={styles.link}>
                {t('footer.responsibleGaming')}
              </Link>
            </li>
            <li>
              <Link
                to="/profile/responsible-gaming"
                className={styles.link}
                data-testid="footer-limits"
              >
                {t('footer.limits')}
              </Link>
            </li>
            <li>
              <Link to="/faq" className={styles.link}>
                {t('nav.faq')}
              </Link>
            </li>
          </ul>
        </nav>
        <p className={styles.responsible}>
          <span className={styles.adults}>{t('footer.adults')}</span>
          <span>{t('footer.responsible')}</span>
        </p>
      </div>
    </footer>
  );
}

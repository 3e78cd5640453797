import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useThemeStore } from '../../features/theme';
import type { Messages } from '../../shared/i18n/en';
import styles from './footer.module.css';
import { Logo } from './logo';

interface FooterLink {
  to: string;
  text: `footer.${keyof Messages['footer']}` | 'nav.faq';
  testId?: string;
}

/** The footer's links, in the order they are shown. */
const legalLinks: FooterLink[] = [
  { to: '/privacy', text: 'footer.privacy' },
  { to: '/terms', text: 'footer.terms' },
  { to: '/loyalty', text: 'footer.loyalty' },
  { to: '/fair', text: 'footer.fair' },
  { to: '/responsible-gaming', text: 'footer.responsibleGaming' },
  { to: '/profile/responsible-gaming', text: 'footer.limits', testId: 'footer-limits' },
  { to: '/faq', text: 'nav.faq' },
];

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
            {legalLinks.map(({ to, text, testId }) => (
              <li key={to}>
                <Link to={to} className={styles.link} data-testid={testId}>
                  {t(text)}
                </Link>
              </li>
            ))}
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

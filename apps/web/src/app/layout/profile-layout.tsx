import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { cx } from '../../shared/lib/class-names';
import { isNavItemActive, profileNav } from './nav-items';
import { PageFallback } from './page-fallback';
import styles from './profile-layout.module.css';

/** The layout every /profile page shares: the profile tabs above the page. */
export function ProfileLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <div className={styles.layout}>
      <nav aria-label={t('nav.profileTabs')} className={styles.tabsWrap}>
        <ul className={styles.tabs}>
          {profileNav.map((item) => {
            const active = isNavItemActive(item, location);
            const Icon = item.icon;
            return (
              <li key={item.id}>
                <Link
                  to={item.href}
                  className={cx(styles.tab, active && styles.active)}
                  aria-current={active ? 'page' : undefined}
                >
                  <Icon size={18} aria-hidden="true" />
                  {t(item.titleKey)}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Suspense fallback={<PageFallback />}>
        <Outlet />
      </Suspense>
    </div>
  );
}

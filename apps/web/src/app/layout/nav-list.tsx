import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { cx } from '../../shared/lib/class-names';
import { isNavItemActive, type NavItem } from './nav-items';
import styles from './nav-list.module.css';

interface NavSectionProps {
  label: string;
  items: readonly NavItem[];
}

/** A labelled group of navigation links; the current page's link carries aria-current. */
export function NavSection({ label, items }: NavSectionProps) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <nav className={styles.section} aria-label={label}>
      <p className={styles.label} aria-hidden="true">
        {label}
      </p>
      <ul className={styles.list}>
        {items.map((item) => {
          const active = isNavItemActive(item, location);
          const Icon = item.icon;
          return (
            <li key={item.id} className={item.hideWide ? styles.hideWide : undefined}>
              <Link
                to={item.href}
                className={cx(
                  styles.link,
                  item.type === 'sub' && styles.sub,
                  active && styles.active,
                )}
                aria-current={active ? 'page' : undefined}
                data-nav={item.id}
              >
                <Icon className={styles.icon} size={20} aria-hidden="true" />
                <span className={styles.text}>{t(item.titleKey)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { Moon, Sun } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useThemeStore } from '../theme-store';
import styles from './theme-toggle.module.css';

/** The theme switch: on means dark. Flips, saves and applies the theme. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const toggleTheme = useThemeStore((state) => state.toggleTheme);
  const dark = theme === 'dark';

  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={styles.toggle}
      onClick={toggleTheme}
      data-testid="theme-toggle"
    >
      <span className={styles.icon} aria-hidden="true">
        {dark ? <Moon size={20} /> : <Sun size={20} />}
      </span>
      <span className={styles.label}>{t('theme.dark')}</span>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </button>
  );
}

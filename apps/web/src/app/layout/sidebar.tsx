import { X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuthStore } from '../../features/auth';
import { LanguageSelect } from '../../features/language';
import { ThemeToggle, useThemeStore } from '../../features/theme';
import { cx } from '../../shared/lib/class-names';
import { trapTabKey } from '../../shared/lib/focus';
import { IconButton } from '../../shared/ui/button/button';
import { useModalStore } from '../../shared/ui/modal/modal-store';
import { Logo } from './logo';
import { accountNav, helpNav, lobbyNav, providerNav } from './nav-items';
import { NavSection } from './nav-list';
import { useShellStore } from './shell-store';
import { SidebarAccount } from './sidebar-account';
import scrim from './scrim.module.css';
import styles from './sidebar.module.css';
import { SocialLinks } from './social-links';

// Until it arrives, and while the list of running providers loads, every provider shows.
const RunningProviderNav = lazy(() =>
  import('./provider-nav').then((m) => ({ default: m.RunningProviderNav })),
);

interface SidebarProps {
  /** True when the sidebar is open over the page (below 1280 px). */
  overlay: boolean;
}

/**
 * The menu. From 1280 px it stays in place; below it slides in over the page from the burger,
 * and then the page behind is inert, scrolling is locked (by the layout), focus starts on the
 * close button and returns to the burger, and Escape, the X, the backdrop or a click in the
 * sidebar close it. Clicks in the preferences (theme, language) keep it open, so a choice can
 * be seen and changed again.
 */
export function Sidebar({ overlay }: SidebarProps) {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const isAuth = useAuthStore((state) => state.isAuth);
  const menuOpen = useShellStore((state) => state.menuOpen);
  const closeMenu = useShellStore((state) => state.closeMenu);
  const asideRef = useRef<HTMLElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!overlay) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const aside = asideRef.current;
    closeRef.current?.focus();
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (useModalStore.getState().modal) return; // the modal on top closes first
      closeMenu();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const focusInside = aside?.contains(document.activeElement) ?? false;
      const focusLost = document.activeElement === document.body;
      if (opener?.isConnected && (focusInside || focusLost)) opener.focus();
    };
  }, [overlay, closeMenu]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!overlay) return;
    if (event.target instanceof Element && event.target.closest('[data-keep-menu]')) return;
    closeMenu();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (overlay && asideRef.current) trapTabKey(event, asideRef.current);
  };

  return (
    <>
      <div
        className={cx(scrim.scrim, styles.scrim, overlay && scrim.visible)}
        onClick={closeMenu}
        aria-hidden="true"
      />
      {/* The click handler only closes the menu; keyboard users have the X and Escape. */}
      <aside
        ref={asideRef}
        id="sidebar"
        className={cx(styles.sidebar, menuOpen && styles.open)}
        aria-label={t('sidebar.label')}
        data-testid="sidebar"
        data-open={overlay ? 'true' : undefined}
        onClick={onClick}
        onKeyDown={onKeyDown}
      >
        <div className={styles.top}>
          <Link to="/" className={styles.logoLink} aria-label={t('app.homeLink')}>
            <Logo variant={theme} />
          </Link>
          <IconButton
            ref={closeRef}
            aria-label={t('sidebar.close')}
            onClick={closeMenu}
            data-testid="sidebar-close"
          >
            <X size={22} aria-hidden="true" />
          </IconButton>
        </div>

        <div className={styles.scroll}>
          <SidebarAccount />
          <NavSection label={t('sidebar.lobby')} items={lobbyNav} />
          {/* The signed-in players' extra block. */}
          {isAuth && <NavSection label={t('sidebar.account')} items={accountNav} />}
          <Suspense fallback={<NavSection label={t('sidebar.providers')} items={providerNav} />}>
            <RunningProviderNav label={t('sidebar.providers')} />
          </Suspense>
          <NavSection label={t('sidebar.help')} items={helpNav} />
        </div>

        <div className={styles.bottom}>
          <div className={styles.preferences} data-keep-menu>
            <ThemeToggle />
            <LanguageSelect />
          </div>
          <SocialLinks />
        </div>
      </aside>
    </>
  );
}

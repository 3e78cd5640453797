import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { useAuthStore, useReturnAfterSignIn } from '../../features/auth';
import { ChatPanel } from '../../features/chat';
import { LazyRealityCheck } from '../../features/responsible-gaming';
import { useLiveBalance } from '../../features/wallet';
import { removeBootBanner } from '../../shared/lib/boot-banner';
import { cx } from '../../shared/lib/class-names';
import { RouteErrorBoundary } from '../route-error';
import { useScrollLock } from '../../shared/lib/scroll-lock';
import { desktopQuery, useMediaQuery } from '../../shared/lib/use-media-query';
import { useModalStore } from '../../shared/ui/modal/modal-store';
import { Toasts } from '../../shared/ui/toast/toasts';
import scrim from './scrim.module.css';
import styles from './app-layout.module.css';
import { Footer } from './footer';
import { Header } from './header';
import { ModalHost } from './modal-host';
import { PageFallback } from './page-fallback';
import { ScrollRestoration } from './scroll-restoration';
import { useShellStore } from './shell-store';
import { Sidebar } from './sidebar';

/** The shell around every page: header, sidebar, chat panel, footer, toasts and modals. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const isDesktop = useMediaQuery(desktopQuery);
  const menuOpen = useShellStore((state) => state.menuOpen);
  const closeMenu = useShellStore((state) => state.closeMenu);
  const chatOpen = useShellStore((state) => state.chatOpen);
  const closeChat = useShellStore((state) => state.closeChat);
  const overlay = menuOpen && !isDesktop;
  const userId = useAuthStore((state) => state.user?.id);

  useScrollLock(overlay);
  useLiveBalance();
  useReturnAfterSignIn();

  // The home page's painted banner (index.html, decision 057) never stays over another page.
  useEffect(() => {
    if (pathname !== '/') removeBootBanner();
  }, [pathname]);

  // A new page (or a screen wide enough for the fixed sidebar) closes the sliding menu.
  useEffect(() => {
    closeMenu();
  }, [pathname, isDesktop, closeMenu]);

  useEffect(() => {
    if (!chatOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (useModalStore.getState().modal || useShellStore.getState().menuOpen) return;
      closeChat();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [chatOpen, closeChat]);

  return (
    <div className={cx(styles.shell, chatOpen && styles.chatOpen)}>
      <a href="#content" className={styles.skip}>
        {t('app.skipToContent')}
      </a>
      <div inert={overlay}>
        <Header />
      </div>
      <Sidebar overlay={overlay} />
      <div className={styles.column} inert={overlay}>
        <main id="content" tabIndex={-1} className={styles.main}>
          <RouteErrorBoundary resetKey={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </RouteErrorBoundary>
        </main>
        <Footer />
      </div>
      <div
        className={cx(scrim.scrim, styles.chatScrim, chatOpen && scrim.visible)}
        onClick={closeChat}
        aria-hidden="true"
      />
      <ChatPanel open={chatOpen} onClose={closeChat} />
      <Toasts />
      <ModalHost />
      {/* The reality check over the lobby and the game frame (decision 070). */}
      {userId && <LazyRealityCheck key={userId} userId={userId} />}
      <ScrollRestoration />
    </div>
  );
}

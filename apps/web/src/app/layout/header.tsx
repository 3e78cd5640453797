import { Menu, MessagesSquare, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderSearch } from '../../features/games';
import { useThemeStore } from '../../features/theme';
import { IconButton } from '../../shared/ui/button/button';
import { HeaderAccount } from './header-account';
import styles from './header.module.css';
import { Logo } from './logo';
import { useShellStore } from './shell-store';

export function Header() {
  const { t } = useTranslation();
  const theme = useThemeStore((state) => state.theme);
  const menuOpen = useShellStore((state) => state.menuOpen);
  const openMenu = useShellStore((state) => state.openMenu);
  const chatOpen = useShellStore((state) => state.chatOpen);
  const toggleChat = useShellStore((state) => state.toggleChat);

  return (
    <header className={styles.header} data-testid="header">
      <div className={styles.start}>
        <IconButton
          className={styles.burger}
          aria-label={t('header.openMenu')}
          aria-expanded={menuOpen}
          aria-controls="sidebar"
          onClick={openMenu}
          data-testid="burger"
        >
          <Menu size={22} aria-hidden="true" />
        </IconButton>
        <Link to="/" className={styles.logoLink} aria-label={t('app.homeLink')}>
          <Logo variant={theme} compact />
        </Link>
      </div>

      <div className={styles.middle}>
        <HeaderSearch className={styles.search} />
      </div>

      <div className={styles.end}>
        <Link to="/search" className={styles.searchIcon} aria-label={t('header.search')}>
          <Search size={20} aria-hidden="true" />
        </Link>
        <IconButton
          variant="filled"
          aria-label={t('header.chat')}
          aria-expanded={chatOpen}
          aria-controls="chat-panel"
          onClick={toggleChat}
          data-testid="chat-toggle"
        >
          <MessagesSquare size={20} aria-hidden="true" />
        </IconButton>
        <HeaderAccount />
      </div>
    </header>
  );
}

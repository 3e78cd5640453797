/** The theme feature's public entry (decision 034). */
export { syncTheme, useThemeStore } from './theme-store';
export { ThemeToggle } from './components/theme-toggle';

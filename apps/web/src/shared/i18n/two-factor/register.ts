import { i18n } from '../i18n';
import { twoFactorEn } from './en';
import { twoFactorRu } from './ru';

let registered = false;

/**
 * Adds the two-factor texts to the translation resources. Called at the top of the lazily
 * loaded modules that show them (auth modals, profile page, withdrawal forms).
 */
export function registerTwoFactorMessages(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', twoFactorEn, true, false);
  i18n.addResourceBundle('ru', 'translation', twoFactorRu, true, false);
}

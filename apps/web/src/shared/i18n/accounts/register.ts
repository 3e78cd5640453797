import { i18n } from '../i18n';
import { accountsEn } from './en';
import { accountsRu } from './ru';

let registered = false;

/**
 * Adds the account texts to the translation resources. Called at the top of the lazily loaded
 * account modules (auth modals, profile page), so these strings travel with those screens and
 * not with the first download.
 */
export function registerAccountMessages(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', accountsEn, true, false);
  i18n.addResourceBundle('ru', 'translation', accountsRu, true, false);
}

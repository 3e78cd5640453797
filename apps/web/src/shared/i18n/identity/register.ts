import { i18n } from '../i18n';
import { identityEn } from './en';
import { identityRu } from './ru';

let registered = false;

/**
 * Adds the identity and account-data texts to the translation resources; called at the top
 * of the modules that show them (verification page, profile cards, the cashier's notice).
 */
export function registerIdentityMessages(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', identityEn, true, false);
  i18n.addResourceBundle('ru', 'translation', identityRu, true, false);
}

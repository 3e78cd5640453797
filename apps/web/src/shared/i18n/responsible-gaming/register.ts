import { i18n } from '../i18n';
import { rgEn } from './en';
import { rgRu } from './ru';

let registered = false;

/** Adds responsible gaming's texts; called by its lazily loaded modules, so they travel with them. */
export function registerRgMessages(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', rgEn, true, false);
  i18n.addResourceBundle('ru', 'translation', rgRu, true, false);
}

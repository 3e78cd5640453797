import { i18n } from '../i18n';
import { fairEn } from './en';
import { fairRu } from './ru';

let registered = false;

/** Adds the provably fair check's texts; called by its page, so they travel with it. */
export function registerFairMessages(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', fairEn, true, false);
  i18n.addResourceBundle('ru', 'translation', fairRu, true, false);
}

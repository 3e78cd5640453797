import { i18n } from '../i18n';
import { bonusEn } from './en';
import { bonusRu } from './ru';

let registered = false;

/** Adds the bonus page's texts; called by its lazily loaded page, so they travel with it. */
export function registerBonusMessages(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', bonusEn, true, false);
  i18n.addResourceBundle('ru', 'translation', bonusRu, true, false);
}

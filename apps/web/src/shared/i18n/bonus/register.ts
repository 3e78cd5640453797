import { messagesRegistrar } from '../register-messages';
import { bonusEn } from './en';
import { bonusRu } from './ru';

/** Adds the bonus page's texts; called by its lazily loaded page, so they travel with it. */
export const registerBonusMessages = messagesRegistrar(bonusEn, bonusRu);

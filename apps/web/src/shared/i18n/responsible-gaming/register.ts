import { messagesRegistrar } from '../register-messages';
import { rgEn } from './en';
import { rgRu } from './ru';

/** Adds responsible gaming's texts; called by its lazily loaded modules, so they travel with them. */
export const registerRgMessages = messagesRegistrar(rgEn, rgRu);

import { messagesRegistrar } from '../register-messages';
import { twoFactorEn } from './en';
import { twoFactorRu } from './ru';

/**
 * Adds the two-factor texts to the translation resources. Called at the top of the lazily
 * loaded modules that show them (auth modals, profile page, withdrawal forms).
 */
export const registerTwoFactorMessages = messagesRegistrar(twoFactorEn, twoFactorRu);

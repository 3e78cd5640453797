import { messagesRegistrar } from '../register-messages';
import { identityEn } from './en';
import { identityRu } from './ru';

/**
 * Adds the identity and account-data texts to the translation resources; called at the top
 * of the modules that show them (verification page, profile cards, the cashier's notice).
 */
export const registerIdentityMessages = messagesRegistrar(identityEn, identityRu);

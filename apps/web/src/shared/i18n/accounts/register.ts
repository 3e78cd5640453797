import { messagesRegistrar } from '../register-messages';
import { accountsEn } from './en';
import { accountsRu } from './ru';

/**
 * Adds the account texts to the translation resources. Called at the top of the lazily loaded
 * account modules (auth modals, profile page), so these strings travel with those screens and
 * not with the first download.
 */
export const registerAccountMessages = messagesRegistrar(accountsEn, accountsRu);

import { messagesRegistrar } from '../register-messages';
import { fairEn } from './en';
import { fairRu } from './ru';

/** Adds the provably fair check's texts; called by its page, so they travel with it. */
export const registerFairMessages = messagesRegistrar(fairEn, fairRu);

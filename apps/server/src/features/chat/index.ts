/**
 * The chat feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { chatFeature } from './chat-feature';
export type { ChatService } from './chat-service';
export { chatPersonalData } from './chat-personal-data';

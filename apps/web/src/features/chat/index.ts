/** The chat feature's public entry (decision 034). */
export { ChatPanel } from './components/chat-panel';

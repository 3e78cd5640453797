/** The language feature's public entry (decision 034). */
export { LanguageSelect } from './components/language-select';

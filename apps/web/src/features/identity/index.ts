/**
 * The identity feature's public entry (decision 034): the identity check (KYC, decision 052)
 * and the player's data (export and closure, decision 053). Its page,
 * pages/verification-page, is loaded by the router.
 */
export { IdentityCard } from './components/identity-card';
export { PrivacyCard } from './components/privacy-card';
export { WithdrawalIdentityNotice } from './components/withdrawal-identity-notice';

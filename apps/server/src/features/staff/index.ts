/**
 * The staff feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { staffFeature } from './staff-feature';
export { checkAuditChain, formatAuditReport } from './audit-log';
export { createStaffAccounts } from './staff-accounts';
export { staffPersonalData } from './staff-personal-data';

/**
 * The payments feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { paymentView } from './payment-view';
export {
  paymentsConfigFrom,
  paymentsConfigProblems,
  paymentsConfigVariables,
  paymentsEnvShape,
  paymentsSecretVariables,
} from './payments-config';
export type { PaymentsConfigPart } from './payments-config';
export { paymentsFeature } from './payments-feature';
export type { PaymentRow } from './payments-repository';
export type { PaymentsService } from './payments-service';
export { paymentsPersonalData } from './payments-personal-data';

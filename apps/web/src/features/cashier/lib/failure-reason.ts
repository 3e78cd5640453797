import type { Payment } from '@casino/contracts';
import { i18n } from '../../../shared/i18n/i18n';

const knownFailures = [
  'card_declined',
  'insufficient_funds',
  'authentication_failed',
  'expired_card',
];

/** Why a card payment failed, in the player's words. */
export function failureReason(payment: Payment): string {
  const code = payment.failure?.code ?? 'other';
  return i18n.t(
    `cashier.failures.${knownFailures.includes(code) ? (code as 'card_declined') : 'other'}`,
  );
}

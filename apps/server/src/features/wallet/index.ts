/**
 * The wallet feature's public entry: other features and the app import only this file
 * (decision 035).
 */
export { createLedger } from './ledger';
export type { BonusTransaction, Ledger } from './ledger';
export { checkLedger, formatLedgerReport } from './ledger-check';
export type { LedgerEntry, OperatorMovementInput, PostingResult } from './ledger-types';
export {
  MoneyFormatError,
  formatMoney,
  fromDecimalString,
  fromThousandths,
  maxAmount,
  toDecimalString,
  toThousandthsNumber,
} from './money';
export {
  BetAlreadyRefunded,
  BetAlreadySettled,
  BetCancelled,
  BetNotAdmitted,
  BonusActive,
  CurrencyMismatch,
  IdempotencyConflict,
  InsufficientFunds,
  InvalidPosting,
  RefundMismatch,
  ResponsibleGamingRefusal,
  UnknownPlayer,
  WalletError,
  walletRefusalOf,
} from './wallet-errors';
export type { RgBetRefusal, WalletRefusal } from './wallet-errors';
export { walletFeature } from './wallet-feature';
export type { PostingObservation } from './posting-observer';
export { gameNamesFor } from './transaction-game-names';
export { exportedAmount, walletPersonalData } from './wallet-personal-data';

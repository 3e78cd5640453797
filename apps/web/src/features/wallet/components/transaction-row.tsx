import type { Language, WalletEntryKind, WalletTransaction } from '@casino/contracts';
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  Dices,
  Gift,
  SlidersHorizontal,
  Trophy,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { cx } from '../../../shared/lib/class-names';
import { formatMoney } from '../../../shared/lib/format';
import { formatDateTime } from '../../../shared/lib/format-date-time';
import styles from './transactions.module.css';

const kindIcons: Record<WalletEntryKind, LucideIcon> = {
  bet: Dices,
  win: Trophy,
  refund: Undo2,
  deposit: ArrowDownToLine,
  withdrawal: ArrowUpFromLine,
  withdrawal_reversal: Undo2,
  bonus: Gift,
  adjustment: SlidersHorizontal,
};

const providerKeys = {
  endorphina: 'wallet.providers.endorphina',
  gbgames: 'wallet.providers.gbgames',
  pragmatic: 'wallet.providers.pragmatic',
} as const;

/** "−$1.50" / "+$3.25": the sign always shown, a true minus sign for debits. */
export function signedMoney(amount: string, language: Language): string {
  const negative = amount.trim().startsWith('-');
  const magnitude = formatMoney(amount.trim().replace(/^[+-]/, ''), language);
  return `${negative ? '\u2212' : '+'}${magnitude}`;
}

/**
 * What the movement was in a few words: a card deposit "VISA •••• 4242", a crypto deposit "ETH",
 * a bonus "ORBITA5", a bet or win the game's name (else its studio). "Operator" is left for a
 * staff adjustment, the one movement that names none of these.
 */
export function subjectOf(
  transaction: WalletTransaction,
  language: Language,
  t: TFunction,
): string {
  const { payment, bonus } = transaction;
  if (payment?.card) return `${payment.card.brand.toUpperCase()} •••• ${payment.card.last4}`;
  if (payment?.network) return payment.network;
  if (payment)
    return t(payment.method === 'card' ? 'wallet.methods.card' : 'wallet.methods.crypto');
  if (bonus) return bonus.code ? `${bonus.code} · ${bonus.title[language]}` : bonus.title[language];
  if (transaction.game_name) return transaction.game_name;
  const { provider } = transaction;
  if (provider !== null) {
    return provider in providerKeys
      ? t(providerKeys[provider as keyof typeof providerKeys])
      : provider;
  }
  if (transaction.kind === 'adjustment') return t('wallet.operator');
  // A cashier or bonus movement whose record is gone: say what kind of place it came from.
  return t(transaction.kind === 'bonus' ? 'wallet.kinds.bonus' : 'wallet.cashier');
}

/** The row's first line: "Card deposit", "Crypto withdrawal", else the ledger's kind. */
function kindLabel(transaction: WalletTransaction, t: TFunction): string {
  const method = transaction.payment?.method;
  if (method && (transaction.kind === 'deposit' || transaction.kind === 'withdrawal')) {
    return t(`wallet.cashierKinds.${method}.${transaction.kind}`);
  }
  return t(`wallet.kinds.${transaction.kind}`);
}

/** One movement of the statement: what, with whom, when, how much, and the balance after. */
export function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const subject = subjectOf(transaction, language, t);
  const Icon = kindIcons[transaction.kind];
  const credit = !transaction.amount.trim().startsWith('-');
  const tone = transaction.kind === 'win' ? 'win' : credit ? 'credit' : 'debit';
  return (
    <li className={styles.row} data-testid="transaction" data-kind={transaction.kind}>
      <span className={cx(styles.icon, styles[tone])} aria-hidden="true">
        <Icon size={20} strokeWidth={1.9} />
      </span>
      <div className={styles.main}>
        <p className={styles.kind}>{kindLabel(transaction, t)}</p>
        <p className={styles.subject} title={subject} data-testid="transaction-subject">
          {subject}
        </p>
      </div>
      <time className={styles.date} dateTime={transaction.created_at}>
        {formatDateTime(transaction.created_at, language)}
      </time>
      <div className={styles.money}>
        <p
          className={cx(styles.amount, credit && styles.amountCredit)}
          data-testid="transaction-amount"
        >
          {signedMoney(transaction.amount, language)}
        </p>
        <p className={styles.after}>
          {t('wallet.balanceAfter', { amount: formatMoney(transaction.balance_after, language) })}
        </p>
      </div>
    </li>
  );
}

/** A row's stand-in while the statement loads: the same height as a real row. */
export function SkeletonRow() {
  return (
    <li className={styles.row}>
      <span className={cx(styles.icon, styles.skeleton)} />
      <div className={styles.main}>
        <span className={cx(styles.bar, styles.skeleton)} style={{ width: '38%' }} />
        <span className={cx(styles.bar, styles.skeleton)} style={{ width: '62%' }} />
      </div>
      <span className={cx(styles.date, styles.bar, styles.skeleton)} style={{ width: '55%' }} />
      <div className={styles.money}>
        <span className={cx(styles.bar, styles.skeleton)} style={{ width: 72 }} />
        <span className={cx(styles.bar, styles.skeleton)} style={{ width: 96 }} />
      </div>
    </li>
  );
}

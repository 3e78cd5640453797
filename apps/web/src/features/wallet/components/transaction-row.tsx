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

/** Who the movement was with: the game, else its studio, else the operator. */
function useSubject(transaction: WalletTransaction): string {
  const { t } = useTranslation();
  if (transaction.game_name) return transaction.game_name;
  const { provider } = transaction;
  if (provider === null) return t('wallet.operator');
  return provider in providerKeys
    ? t(providerKeys[provider as keyof typeof providerKeys])
    : provider;
}

/** One movement of the statement: what, with whom, when, how much, and the balance after. */
export function TransactionRow({ transaction }: { transaction: WalletTransaction }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const subject = useSubject(transaction);
  const Icon = kindIcons[transaction.kind];
  const credit = !transaction.amount.trim().startsWith('-');
  const tone = transaction.kind === 'win' ? 'win' : credit ? 'credit' : 'debit';
  return (
    <li className={styles.row} data-testid="transaction" data-kind={transaction.kind}>
      <span className={cx(styles.icon, styles[tone])} aria-hidden="true">
        <Icon size={20} strokeWidth={1.9} />
      </span>
      <div className={styles.main}>
        <p className={styles.kind}>{t(`wallet.kinds.${transaction.kind}`)}</p>
        <p className={styles.subject} title={subject}>
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

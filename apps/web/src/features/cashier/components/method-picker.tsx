import { CreditCard, Bitcoin } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from '../../../shared/lib/class-names';
import styles from './cashier.module.css';

export type CashierMethod = 'card' | 'crypto';

interface MethodPickerProps {
  method: CashierMethod;
  onMethod: (method: CashierMethod) => void;
  card: ReactNode;
  crypto: ReactNode;
}

const icons = { card: CreditCard, crypto: Bitcoin } as const;

/**
 * The card and crypto forms side by side (SPEC §2), card first: the chosen one is
 * highlighted, and clicking into the other (or tabbing into it) chooses it. The headings are
 * also toggle buttons, so the choice is named for a screen reader.
 */
export function MethodPicker({ method, onMethod, card, crypto }: MethodPickerProps) {
  const { t } = useTranslation();
  const panel = (value: CashierMethod, content: ReactNode) => {
    const Icon = icons[value];
    const active = method === value;
    return (
      <section
        className={cx(styles.method, active && styles.methodActive)}
        aria-labelledby={`method-${value}`}
        data-testid={`method-${value}`}
        data-active={active}
        onPointerDownCapture={() => onMethod(value)}
        onFocusCapture={() => onMethod(value)}
      >
        <button
          id={`method-${value}`}
          type="button"
          className={styles.methodHeader}
          aria-pressed={active}
          onClick={() => onMethod(value)}
        >
          <span className={styles.methodIcon} aria-hidden="true">
            <Icon size={20} />
          </span>
          <span className={styles.methodTitles}>
            <span className={styles.methodTitle}>{t(`cashier.${value}`)}</span>
            <span className={styles.methodLead}>{t(`cashier.${value}Lead`)}</span>
          </span>
          <span className={styles.radio} aria-hidden="true" />
        </button>
        {content}
      </section>
    );
  };
  return (
    <div className={styles.methods} role="group" aria-label={t('cashier.methods')}>
      {panel('card', card)}
      {panel('crypto', crypto)}
    </div>
  );
}

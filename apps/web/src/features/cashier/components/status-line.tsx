import type { Payment } from '@casino/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import styles from './cashier.module.css';

export type StatusTone = 'success' | 'error' | 'pending';

const icons = { success: CircleCheck, error: CircleAlert, pending: null };

/**
 * The live line of a payment under way (the card or withdrawal panel, the crypto invoice): an
 * icon for the tone, or a spinner while it is pending, the text, an optional detail after a
 * dot, and what the player can do next. `as="p"` where the line holds only text.
 *
 * Called as a function, not rendered as a component: the panel's loading line is a plain `div`
 * at the same place, and React keeps that node (a live region) only while the element type
 * stays `div`. A new node would drop what the tests and screen readers hold on to.
 */
export function statusLine({
  as: Tag = 'div',
  payment,
  tone,
  text,
  detail,
  children,
}: {
  as?: 'div' | 'p';
  payment: Payment;
  tone: StatusTone;
  text: string;
  detail?: ReactNode;
  children?: ReactNode;
}) {
  const Icon = icons[tone];
  return (
    <Tag
      className={styles.status}
      data-tone={tone}
      role="status"
      aria-live="polite"
      data-testid="payment-status"
      data-status={payment.display_status}
    >
      {Icon ? <Icon size={20} aria-hidden="true" /> : <Spinner size={18} />}
      <span className={styles.statusText}>
        {text}
        {detail && (
          <span className={styles.statusMethod}>
            {' · '}
            {detail}
          </span>
        )}
      </span>
      {children}
    </Tag>
  );
}

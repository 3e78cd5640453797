import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { formatCountdown } from '../lib/countdown';
import styles from './auth-form.module.css';

/**
 * The pieces the code steps share (Verify, the password reset's code, the second sign-in
 * step): the note of where the code went and the row that offers the code again once the wait
 * is over. The code's cells with their message are shared/ui's CodeField.
 */

/** What was sent where, beside its icon (a spinner while it is being sent). */
export function SentNote({
  icon,
  busy = false,
  live = true,
  children,
}: {
  icon: ReactNode;
  busy?: boolean;
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={styles.sent} aria-live={live ? 'polite' : undefined}>
      <span className={styles.sentIcon} aria-hidden="true">
        {busy ? <Spinner size={22} /> : icon}
      </span>
      {children}
    </div>
  );
}

/**
 * "Send again" once the wait is over (the countdown before), and the way back to change the
 * address. `waitSeconds` is null while there is nothing to wait for yet.
 */
export function ResendRow({
  ready,
  waitSeconds,
  onResend,
  editLabel,
  onEdit,
  testIdPrefix,
}: {
  ready: boolean;
  waitSeconds: number | null;
  onResend: () => void;
  editLabel: string;
  onEdit: () => void;
  testIdPrefix: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={styles.resendRow}>
      {ready ? (
        <button
          type="button"
          className={styles.link}
          onClick={onResend}
          data-testid={`${testIdPrefix}-resend`}
        >
          {t('auth.verify.resend')}
        </button>
      ) : (
        <span className={styles.countdown} data-testid={`${testIdPrefix}-resend-wait`}>
          {waitSeconds !== null && waitSeconds > 0
            ? t('auth.verify.resendIn', { time: formatCountdown(waitSeconds) })
            : ''}
        </span>
      )}
      <button
        type="button"
        className={styles.link}
        onClick={onEdit}
        data-testid={`${testIdPrefix}-edit`}
      >
        {editLabel}
      </button>
    </div>
  );
}

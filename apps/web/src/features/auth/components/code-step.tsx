import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { OtpInput } from '../../../shared/ui/field/otp-input';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { formatCountdown } from '../lib/countdown';
import styles from './auth-form.module.css';

/**
 * The pieces the code steps share (Verify, the password reset's code, the second sign-in
 * step): the note of where the code went, the code's cells with their message, and the row
 * that offers the code again once the wait is over.
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

type CodeFieldProps = Omit<ComponentProps<typeof OtpInput>, 'invalid' | 'id'> & {
  id: string;
  label: string;
  error: string | undefined;
  messageTestId?: string;
};

/** The code's cells under their label, with the message line below them. */
export function CodeField({ id, label, error, messageTestId, ...input }: CodeFieldProps) {
  const messageId = `${id}-message`;
  return (
    <div className={styles.codeField}>
      <label htmlFor={id} className={styles.codeLabel}>
        {label}
      </label>
      <OtpInput
        {...input}
        id={id}
        invalid={error !== undefined}
        aria-describedby={error ? messageId : undefined}
      />
      <p id={messageId} className={styles.codeError} aria-live="polite" data-testid={messageTestId}>
        {error ?? ''}
      </p>
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

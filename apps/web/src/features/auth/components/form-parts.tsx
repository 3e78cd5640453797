import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button/button';
import styles from './auth-form.module.css';

/**
 * A sign-in window's main button: full width, a spinner and disabled while its request runs.
 * `flush` leaves out the small gap above it (Verify, where the code's message line is the gap).
 */
export function SubmitButton({
  pending = false,
  flush = false,
  testId,
  children,
}: {
  pending?: boolean;
  flush?: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant="primary"
      size="lg"
      block
      className={flush ? undefined : styles.submit}
      pending={pending}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** The line under a sign-in window's form that leads to another one ("No account? Register"). */
export function ModalSwitch({
  prompt,
  action,
  onClick,
  testId,
}: {
  prompt?: string;
  action: string;
  onClick: () => void;
  testId: string;
}) {
  return (
    <p className={styles.switch}>
      {prompt ? `${prompt} ` : null}
      <button type="button" className={styles.link} onClick={onClick} data-testid={testId}>
        {action}
      </button>
    </p>
  );
}

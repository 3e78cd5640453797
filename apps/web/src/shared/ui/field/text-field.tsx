import { CircleAlert, CircleCheck } from 'lucide-react';
import { useId, type ComponentProps, type ReactNode } from 'react';
import { cx } from '../../lib/class-names';
import { Spinner } from '../spinner/spinner';
import styles from './field.module.css';

/** A line under a field that is not an error: a hint, or the result of a check. */
export interface FieldNote {
  tone: 'muted' | 'success' | 'busy';
  text: string;
}

export interface TextFieldProps extends ComponentProps<'input'> {
  label: string;
  /** Shown in red under the field; marks it aria-invalid. */
  error?: string | undefined;
  /** Shown when there is no error. */
  note?: FieldNote | undefined;
  /** A control inside the field's end (the password toggle). */
  endAdornment?: ReactNode;
  /** data-testid of the input; the message under it gets `<testId>-message`. */
  testId?: string;
}

/**
 * A labelled input with its message under it. The message is tied to the input with
 * aria-describedby, and an error also sets aria-invalid, so a screen reader says both.
 */
export function TextField({
  label,
  error,
  note,
  endAdornment,
  testId,
  id,
  className,
  ...input
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const messageId = `${inputId}-message`;
  const message = error ? { tone: 'error' as const, text: error } : note;
  const Icon =
    message?.tone === 'error' ? CircleAlert : message?.tone === 'success' ? CircleCheck : null;

  return (
    <div className={cx(styles.field, className)}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div
        className={cx(
          styles.control,
          error && styles.invalid,
          !error && note?.tone === 'success' && styles.valid,
        )}
      >
        <input
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          data-testid={testId}
          {...input}
        />
        {endAdornment}
      </div>
      <p
        id={messageId}
        className={cx(styles.message, message && styles[message.tone])}
        aria-live="polite"
        data-testid={testId ? `${testId}-message` : undefined}
      >
        {message?.tone === 'busy' && <Spinner size={12} />}
        {Icon && <Icon size={14} aria-hidden="true" />}
        {message && <span>{message.text}</span>}
      </p>
    </div>
  );
}

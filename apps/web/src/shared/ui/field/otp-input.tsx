import { useState, type ComponentProps } from 'react';
import { cx } from '../../lib/class-names';
import styles from './otp-input.module.css';

const fullWidthDigits = /[\uFF10-\uFF19]/g;

/** Keeps digits only (full-width ones become plain), at most `length`: paste "123 456" works. */
export function normalizeCode(raw: string, length: number): string {
  return raw
    .replace(fullWidthDigits, (d) => String(d.charCodeAt(0) - 0xff10))
    .replace(/\D/g, '')
    .slice(0, length);
}

interface OtpInputProps extends Omit<
  ComponentProps<'input'>,
  'value' | 'onChange' | 'type' | 'maxLength'
> {
  value: string;
  onChange: (code: string) => void;
  length?: number;
  invalid?: boolean;
  testId?: string;
}

/**
 * A one-time-code input: one real text input (digits only, numeric keyboard, the browser's and
 * the phone's one-time-code autofill, paste of the whole code) drawn as six cells.
 */
export function OtpInput({
  value,
  onChange,
  length = 6,
  invalid,
  testId,
  className,
  onFocus,
  onBlur,
  ...input
}: OtpInputProps) {
  const [focused, setFocused] = useState(false);
  const active = Math.min(value.length, length - 1);

  return (
    <div className={cx(styles.root, invalid && styles.invalid, className)}>
      <input
        {...input}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern={`\\d{${length}}`}
        spellCheck={false}
        className={styles.input}
        value={value}
        aria-invalid={invalid ? true : undefined}
        data-testid={testId}
        onChange={(event) => onChange(normalizeCode(event.target.value, length))}
        onFocus={(event) => {
          setFocused(true);
          // Typing always continues at the end; the cells show no caret position otherwise.
          const end = event.target.value.length;
          event.target.setSelectionRange(end, end);
          onFocus?.(event);
        }}
        onBlur={(event) => {
          setFocused(false);
          onBlur?.(event);
        }}
      />
      <div className={styles.cells} aria-hidden="true">
        {Array.from({ length }, (_, index) => (
          <span
            key={index}
            className={cx(
              styles.cell,
              index < value.length && styles.filled,
              focused && index === active && styles.active,
            )}
          >
            {value[index] ?? ''}
          </span>
        ))}
      </div>
    </div>
  );
}

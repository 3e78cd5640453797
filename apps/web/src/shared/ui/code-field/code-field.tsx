import { useId, type ComponentProps } from 'react';
import { OtpInput } from '../field/otp-input';
import code from '../field/code.module.css';

type CodeFieldProps = Omit<
  ComponentProps<typeof OtpInput>,
  'id' | 'invalid' | 'aria-describedby'
> & {
  label: string;
  /** The refused or malformed code's message, said on the line under the cells. */
  error: string | null | undefined;
  /** The cells' id where the form names them elsewhere too; its own one otherwise. */
  id?: string;
  messageTestId?: string;
  /** A frame around the label, cells and line; without one they sit in the form's own column. */
  className?: string;
};

/**
 * A one-time code's cells under their label, with the line below them where a refused code is
 * said (Verify, the password reset, the second sign-in step, the profile's e-mail change and
 * two-factor set-up).
 */
export function CodeField({
  label,
  error,
  id,
  messageTestId,
  className,
  ...input
}: CodeFieldProps) {
  const ownId = useId();
  const cellsId = id ?? ownId;
  const messageId = `${cellsId}-message`;
  const parts = (
    <>
      <label htmlFor={cellsId} className={code.label}>
        {label}
      </label>
      <OtpInput
        {...input}
        id={cellsId}
        invalid={error !== null && error !== undefined}
        aria-describedby={error ? messageId : undefined}
      />
      <p id={messageId} className={code.error} aria-live="polite" data-testid={messageTestId}>
        {error}
      </p>
    </>
  );
  return className === undefined ? parts : <div className={className}>{parts}</div>;
}

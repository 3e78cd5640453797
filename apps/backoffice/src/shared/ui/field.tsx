import { useId, type ReactNode } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/** A schema's message: a translation key of ours when it is one, else the text as written. */
export function useFieldErrorText(): (error: FieldError | undefined) => string | undefined {
  const { t, i18n } = useTranslation();
  return (error) => {
    if (!error) return undefined;
    if (error.type === 'server' && error.message) return error.message;
    const key = `forms.${error.message ?? ''}`;
    if (error.message && i18n.exists(key)) return t(key as 'forms.invalid');
    // zod's own English default: the code says enough in the staff member's language.
    const byCode = `forms.codes.${error.type}`;
    return i18n.exists(byCode) ? t(byCode as 'forms.invalid') : t('forms.invalid');
  };
}

interface FieldProps {
  label: string;
  error?: FieldError | undefined;
  hint?: string;
  registration: UseFormRegisterReturn;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'email' | 'text' | 'search';
  multiline?: boolean;
  placeholder?: string;
  testId?: string;
  autoFocus?: boolean;
}

export function TextField(props: FieldProps) {
  const id = useId();
  const errorText = useFieldErrorText()(props.error);
  const describedBy =
    [props.hint ? `${id}-hint` : '', errorText ? `${id}-error` : ''].filter(Boolean).join(' ') ||
    undefined;
  const common = {
    id,
    'aria-invalid': errorText ? true : undefined,
    'aria-describedby': describedBy,
    'data-testid': props.testId,
    placeholder: props.placeholder,
    autoFocus: props.autoFocus,
    ...props.registration,
  };
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      {props.multiline ? (
        <textarea className="textarea" {...common} />
      ) : (
        <input
          className="input"
          type={props.type ?? 'text'}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          {...common}
        />
      )}
      {props.hint ? (
        <span id={`${id}-hint`} className="field-hint">
          {props.hint}
        </span>
      ) : null}
      {errorText ? (
        <span id={`${id}-error`} className="field-error">
          {errorText}
        </span>
      ) : null}
    </div>
  );
}

export function SelectField({
  label,
  registration,
  children,
  testId,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="select" data-testid={testId} {...registration}>
        {children}
      </select>
    </div>
  );
}

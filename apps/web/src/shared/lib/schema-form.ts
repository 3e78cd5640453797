import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import {
  useForm,
  type FieldError,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { validationText } from './form-validation';

/** The error type of a message the server sent for a field (already translated text). */
export const serverErrorType = 'server';

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * The one way a form is built (decision 038): react-hook-form with the zod schema of its rules
 * (the contracts' where they have one). A field's message shows once the player has left it or
 * tried to submit, and from then on follows every keystroke (SPEC §5); submitting an invalid
 * form focuses its first invalid field.
 */
export function useSchemaForm<S extends Schema>(
  schema: S,
  defaultValues: z.input<S>,
  options: Pick<UseFormProps<z.input<S>>, 'shouldFocusError'> = {},
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    // Typing is fixed by TS's generic inference on zod 4's input/output, not by us.
    defaultValues: defaultValues as UseFormProps<z.input<S>>['defaultValues'],
    mode: 'onTouched',
    reValidateMode: 'onChange',
    shouldFocusError: options.shouldFocusError ?? true,
  });
  useRevalidateShown(form);
  return form;
}

/**
 * A rule can read two fields (the repeated password): when one changes, the messages already
 * shown on the others are checked again, so "Passwords do not match" goes the moment the first
 * password is fixed. A server's message stays until its own field changes.
 */
function useRevalidateShown<V extends FieldValues, O>(form: UseFormReturn<V, unknown, O>): void {
  const { subscribe, trigger, getFieldState } = form;
  useEffect(
    // The subscription reads the form's live state: a render's copy can lag a submit behind.
    () =>
      subscribe({
        formState: { values: true },
        callback: ({ name, type, values, isSubmitted, touchedFields }) => {
          if (type !== 'change' || !name) return;
          const touched: Partial<Record<string, unknown>> = touchedFields ?? {};
          const others = (Object.keys(values) as Path<V>[]).filter((field) => {
            if (field === name) return false;
            if (getFieldState(field).error?.type === serverErrorType) return false;
            return isSubmitted === true || touched[field] === true;
          });
          if (others.length > 0) void trigger(others);
        },
      }),
    [subscribe, trigger, getFieldState],
  );
}

/**
 * The text under a field: a schema message key translated (the account keys by default, a
 * feature passes its own translator), a server message as it came.
 */
export function fieldErrorText(
  error: FieldError | undefined,
  translate: (key: string) => string | undefined = validationText,
): string | undefined {
  if (!error?.message) return undefined;
  return error.type === serverErrorType ? error.message : translate(error.message);
}

/**
 * A field whose input mask (SPEC §5) rewrites what is typed: the form sees, and the input
 * shows, the masked text.
 */
export function withMask<R extends { onChange: (event: { target: unknown }) => unknown }>(
  registration: R,
  mask: (value: string) => string,
): R {
  return {
    ...registration,
    onChange: (event: { target: unknown }) => {
      const input = event.target;
      if (input instanceof HTMLInputElement) input.value = mask(input.value);
      return registration.onChange(event);
    },
  };
}

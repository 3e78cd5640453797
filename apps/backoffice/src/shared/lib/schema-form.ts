import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../api/client';

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * Every form of the back office: react-hook-form with a zod schema (the contracts' where they
 * have one, so the page checks what the server will check). Messages show once a field is left
 * or the form submitted; an invalid submit focuses the first invalid field.
 */
export function useSchemaForm<S extends Schema>(
  schema: S,
  defaultValues: z.input<S>,
): UseFormReturn<z.input<S>, unknown, z.output<S>> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    defaultValues: defaultValues as UseFormProps<z.input<S>>['defaultValues'],
    mode: 'onTouched',
    reValidateMode: 'onChange',
  });
}

/** The server's field messages (a 400's `fields`) onto the form's fields; true when any was. */
export function applyServerFieldErrors<V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, unknown>, 'setError' | 'getValues'>,
  error: unknown,
): boolean {
  if (!isApiError(error) || error.fields.length === 0) return false;
  const names = Object.keys(form.getValues());
  let applied = false;
  for (const field of error.fields) {
    if (!names.includes(field.path)) continue;
    form.setError(field.path as Parameters<typeof form.setError>[0], {
      type: 'server',
      message: field.message,
    });
    applied = true;
  }
  return applied;
}

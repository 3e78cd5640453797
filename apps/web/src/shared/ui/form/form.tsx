import type { FormEvent, FormHTMLAttributes } from 'react';

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate'> & {
  /** The submit handler; a promise it returns is its own (it reports its failures itself). */
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  testId?: string;
};

/**
 * A form of the app: the browser's own validation is off, because the schema's messages show
 * under the fields instead (decision 038), and the submit handler runs without being awaited.
 */
export function Form({ onSubmit, testId, children, ...form }: FormProps) {
  return (
    <form {...form} onSubmit={(event) => void onSubmit(event)} noValidate data-testid={testId}>
      {children}
    </form>
  );
}

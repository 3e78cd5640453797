import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { errorText } from '../api/error-text';
import { useSchemaForm } from '../lib/schema-form';
import { Dialog } from './dialog';
import { TextField } from './field';

const defaultReason = z.object({ reason: z.string().trim().min(1).max(500) });

/**
 * An action that needs a reason (a rejection the player reads, a block, a disabled account):
 * the reason is required, checked with the route's own schema, and written to the audit log.
 */
export function ReasonDialog({
  open,
  title,
  description,
  submitLabel,
  danger = false,
  schema = defaultReason,
  pending,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  submitLabel: string;
  danger?: boolean;
  schema?: z.ZodType<{ reason: string }, { reason: string }>;
  pending: boolean;
  error: unknown;
  onSubmit: (reason: string) => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const form = useSchemaForm(schema, { reason: '' });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Dialog open={open} title={title} onClose={close}>
      <form
        className="stack"
        noValidate
        onSubmit={form.handleSubmit((values) => onSubmit(values.reason))}
      >
        {description ? <p>{description}</p> : null}
        {error ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (key) => i18n.exists(key), error)}
          </p>
        ) : null}
        <TextField
          label={t('common.reason')}
          hint={t('common.reasonHint')}
          multiline
          registration={form.register('reason')}
          error={form.formState.errors.reason}
          testId="reason-input"
          autoFocus
        />
        <div className="actions" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={danger ? 'btn btn-danger' : 'btn btn-primary'}
            disabled={pending}
            data-testid="reason-submit"
          >
            {submitLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

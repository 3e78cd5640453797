import {
  staffCreateRequestSchema,
  type StaffRole,
  type StaffSetupLinkResponse,
} from '@casino/contracts/operator';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../shared/api/error-text';
import { staffCall } from '../../shared/api/staff-api';
import { useSchemaForm } from '../../shared/lib/schema-form';
import { Dialog } from '../../shared/ui/dialog';
import { TextField, useFieldErrorText } from '../../shared/ui/field';
import { RolesField } from './roles-field';

/** A new staff account: its e-mail and roles; the answer is the one-time set-up link. */
export function CreateStaffDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (link: StaffSetupLinkResponse) => void;
}) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const fieldError = useFieldErrorText();
  const form = useSchemaForm(staffCreateRequestSchema, { email: '', roles: [] as StaffRole[] });
  const create = useMutation({
    mutationFn: (body: { email: string; roles: StaffRole[] }) =>
      staffCall('staff.create', { body }),
    onSuccess: (link) => {
      void client.invalidateQueries({ queryKey: ['staff'] });
      form.reset();
      onCreated(link);
    },
  });
  const close = () => {
    form.reset();
    create.reset();
    onClose();
  };
  return (
    <Dialog open={open} title={t('staff.create')} onClose={close}>
      <form
        className="stack"
        noValidate
        onSubmit={form.handleSubmit((values) => create.mutate(values))}
      >
        {create.error ? (
          <p className="banner banner-error" role="alert">
            {errorText(t, (k) => i18n.exists(k), create.error)}
          </p>
        ) : null}
        <TextField
          label={t('login.email')}
          type="email"
          autoComplete="off"
          registration={form.register('email')}
          error={form.formState.errors.email}
          autoFocus
        />
        <Controller
          control={form.control}
          name="roles"
          render={({ field, fieldState }) => (
            <RolesField
              value={field.value}
              onChange={field.onChange}
              error={
                fieldState.error ? (fieldError(fieldState.error) ?? t('staff.pickRole')) : undefined
              }
            />
          )}
        />
        <div className="actions" style={{ justifyContent: 'flex-end' }}>
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {t('staff.createSubmit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

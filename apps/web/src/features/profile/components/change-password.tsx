import { ErrorCode, authErrorCodes, changePasswordRequestSchema } from '@casino/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button/button';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { failedToast } from '../../../shared/ui/toast/failed-toast';
import { SettingsCard } from '../../../shared/ui/settings-card/settings-card';
import { toast } from '../../../shared/ui/toast/toast-store';
import { apiErrorText } from '../../../shared/lib/api-error-text';
import { validationText } from '../../../shared/lib/form-validation';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { useChangePassword } from '../api/change-password';
import { sessionsOptions } from '../api/sessions';
import styles from './profile-cards.module.css';
import { Form } from '../../../shared/ui/form/form';

type Field = 'oldPassword' | 'newPassword' | 'repeatPassword';
const fieldOrder: readonly Field[] = ['oldPassword', 'newPassword', 'repeatPassword'];
const empty = { oldPassword: '', newPassword: '', repeatPassword: '', signOutOthers: true };

function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!isApiError(error)) return {};
  if (error.code === authErrorCodes.WRONG_PASSWORD) {
    return { oldPassword: i18n.t('profile.password.wrong') };
  }
  if (error.code === authErrorCodes.PASSWORD_TOO_COMMON) {
    return { newPassword: i18n.t('errors.passwordTooCommon') };
  }
  if (error.code !== ErrorCode.VALIDATION_FAILED) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.fields) {
    const field = issue.path.split('.')[0] as Field;
    if (fieldOrder.includes(field)) errors[field] ??= validationText(issue.message);
  }
  return errors;
}

/**
 * Change password (SPEC §2, §5): old, new and repeat, and whether to sign out the other
 * devices too (offered, on by default).
 */
export function ChangePassword({ username, userId }: { username: string; userId: string }) {
  const { t } = useTranslation();
  const { register, handleSubmit, reset, setError, setFocus, formState } = useSchemaForm(
    changePasswordRequestSchema,
    empty,
  );
  const change = useChangePassword();
  const queryClient = useQueryClient();

  const onSubmit = handleSubmit(async (data) => {
    if (change.isPending) return;
    try {
      await change.mutateAsync(data);
      toast.success(t('profile.password.changed'), t('profile.password.toastTitle'));
      reset(empty);
      if (data.signOutOthers !== false) {
        void queryClient.invalidateQueries({ queryKey: sessionsOptions(userId).queryKey });
      }
    } catch (error) {
      console.warn('Password was not changed', error);
      const fields = serverFieldErrors(error);
      for (const field of fieldOrder) {
        const message = fields[field];
        if (message) setError(field, { type: serverErrorType, message });
      }
      failedToast(
        error,
        {
          title: () => t('profile.password.toastTitle'),
          reason: (reason) => t('profile.password.failedReason', { reason }),
          generic: () => t('profile.password.failed'),
        },
        fields.oldPassword ?? fields.newPassword ?? apiErrorText(error),
      );
      const first = fieldOrder.find((field) => fields[field]);
      if (first) setFocus(first);
    }
  });

  const bind = (field: Field) => ({
    ...register(field),
    error: fieldErrorText(formState.errors[field]),
  });

  return (
    <SettingsCard
      titleId="password-title"
      title={t('profile.password.title')}
      lead={t('profile.password.lead')}
    >
      <Form className={styles.form} onSubmit={onSubmit}>
        {/* Lets password managers tie the new password to the account. */}
        <input
          type="text"
          name="account"
          autoComplete="username"
          value={username}
          hidden
          readOnly
        />
        <PasswordField
          {...bind('oldPassword')}
          label={t('profile.password.old')}
          autoComplete="current-password"
          testId="password-old"
        />
        <PasswordField
          {...bind('newPassword')}
          label={t('profile.password.new')}
          autoComplete="new-password"
          testId="password-new"
        />
        <PasswordField
          {...bind('repeatPassword')}
          label={t('profile.password.repeat')}
          autoComplete="new-password"
          testId="password-repeat"
        />
        <label className={styles.check}>
          <input type="checkbox" {...register('signOutOthers')} data-testid="password-sign-out" />
          {t('profile.password.signOutOthers')}
        </label>
        <div className={styles.formFooter}>
          <span />
          <Button
            type="submit"
            variant="accent"
            pending={change.isPending}
            data-testid="password-submit"
          >
            {t('profile.password.submit')}
          </Button>
        </div>
      </Form>
    </SettingsCard>
  );
}

import { authErrorCodes } from '@casino/contracts';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-client';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { toast } from '../../../shared/ui/toast/toast-store';
import { TwoFactorCodeField } from '../../auth';
import { useTwoFactorActions } from '../api/two-factor';
import { twoFactorDisableFormSchema, twoFactorValidationText } from '../lib/two-factor-forms';
import { refuseCode, TwoFactorForm, TwoFactorFormActions } from './two-factor-form-actions';

/** Turning two-factor sign-in off: the password and a code. */
export function TwoFactorDisableForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { disable } = useTwoFactorActions(userId);
  const { control, register, handleSubmit, setError, formState } = useSchemaForm(
    twoFactorDisableFormSchema,
    { password: '', code: '' },
  );
  const { field: code } = useController({ control, name: 'code' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
      toast.success(t('twoFactor.card.disabled'), t('twoFactor.card.toastTitle'));
      onDone();
    } catch (failure) {
      console.warn('Two-factor was not turned off', failure);
      if (isApiError(failure) && failure.code === authErrorCodes.WRONG_PASSWORD) {
        setError('password', { type: serverErrorType, message: t('twoFactor.card.wrongPassword') });
        return;
      }
      refuseCode(failure, (text) => setError('code', { type: serverErrorType, message: text }));
    }
  });

  return (
    <TwoFactorForm
      onSubmit={onSubmit}
      testId="two-factor-disable-form"
      lead={t('twoFactor.card.disableLead')}
    >
      <PasswordField
        {...register('password')}
        label={t('twoFactor.card.password')}
        error={fieldErrorText(formState.errors.password)}
        autoComplete="current-password"
        testId="two-factor-disable-password"
      />
      <TwoFactorCodeField
        value={code.value}
        onChange={code.onChange}
        error={fieldErrorText(formState.errors.code, twoFactorValidationText)}
        testId="two-factor-disable-code"
      />
      <TwoFactorFormActions
        onCancel={onDone}
        pending={disable.isPending}
        submitLabel={t('twoFactor.card.disableSubmit')}
        submitTestId="two-factor-disable-submit"
      />
    </TwoFactorForm>
  );
}

import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { TwoFactorCodeField } from '../../auth';
import { useTwoFactorActions } from '../api/two-factor';
import { twoFactorRegenerateFormSchema, twoFactorValidationText } from '../lib/two-factor-forms';
import { refuseCode, TwoFactorForm, TwoFactorFormActions } from './two-factor-form-actions';

/** New recovery codes for a code from the app (or one of the old recovery codes). */
export function TwoFactorRegenerateForm({
  userId,
  onCancel,
  onCodes,
}: {
  userId: string;
  onCancel: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const { regenerate } = useTwoFactorActions(userId);
  const { control, handleSubmit, setError, formState } = useSchemaForm(
    twoFactorRegenerateFormSchema,
    { code: '' },
  );
  const { field } = useController({ control, name: 'code' });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      onCodes((await regenerate.mutateAsync(code)).recovery_codes);
    } catch (failure) {
      console.warn('Recovery codes were not made', failure);
      refuseCode(failure, (text) => setError('code', { type: serverErrorType, message: text }));
    }
  });

  return (
    <TwoFactorForm
      onSubmit={onSubmit}
      testId="two-factor-regenerate-form"
      lead={t('twoFactor.card.regenerateLead')}
    >
      <TwoFactorCodeField
        value={field.value}
        onChange={field.onChange}
        error={fieldErrorText(formState.errors.code, twoFactorValidationText)}
        testId="two-factor-regenerate-code"
      />
      <TwoFactorFormActions
        onCancel={onCancel}
        pending={regenerate.isPending}
        submitLabel={t('twoFactor.card.regenerateSubmit')}
        submitTestId="two-factor-regenerate-submit"
      />
    </TwoFactorForm>
  );
}

import { authErrorCodes } from '@casino/contracts';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-client';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { failedToast } from '../../../shared/ui/toast/failed-toast';
import { toast } from '../../../shared/ui/toast/toast-store';
import { TwoFactorCodeField, twoFactorErrorText } from '../../auth';
import { useTwoFactorActions } from '../api/two-factor';
import {
  twoFactorDisableFormSchema,
  twoFactorFailed,
  twoFactorValidationText,
} from '../lib/two-factor-forms';
import cards from './profile-cards.module.css';
import styles from './two-factor-card.module.css';

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
      const text = twoFactorErrorText(failure);
      if (text) setError('code', { type: serverErrorType, message: text });
      else failedToast(failure, twoFactorFailed);
    }
  });

  return (
    <form
      className={styles.setup}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="two-factor-disable-form"
    >
      <p className={cards.cardLead}>{t('twoFactor.card.disableLead')}</p>
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
      <div className={cards.codeActions}>
        <Button variant="ghost" onClick={onDone}>
          {t('twoFactor.card.cancel')}
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={disable.isPending}
          icon={disable.isPending ? <Spinner /> : undefined}
          data-testid="two-factor-disable-submit"
        >
          {t('twoFactor.card.disableSubmit')}
        </Button>
      </div>
    </form>
  );
}

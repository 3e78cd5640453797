import {
  ErrorCode,
  authErrorCodes,
  limits,
  passwordLimits,
  passwordResetConfirmSchema,
} from '@casino/contracts';
import { MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../shared/lib/api-error-text';
import { isApiError } from '../../../shared/lib/api-client';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { useNow } from '../../../shared/lib/use-now';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import styles from './auth-form.module.css';
import { ResendRow, SentNote } from './code-step';
import type { ResetSent } from './forgot-password-modal';
import { SubmitButton } from './form-parts';
import { CodeField } from '../../../shared/ui/code-field/code-field';
import { Form } from '../../../shared/ui/form/form';

const codeErrorKey: Partial<
  Record<string, 'auth.verify.otpInvalid' | 'auth.verify.otpExpired' | 'auth.verify.otpAttempts'>
> = {
  [authErrorCodes.OTP_INVALID]: 'auth.verify.otpInvalid',
  [authErrorCodes.OTP_EXPIRED]: 'auth.verify.otpExpired',
  [authErrorCodes.OTP_ATTEMPTS_EXCEEDED]: 'auth.verify.otpAttempts',
};

interface ResetCodeFormProps {
  sent: ResetSent;
  resending: boolean;
  onResend: () => void;
  onChangeEmail: () => void;
}

/** The second step: the code from the mail and the new password, twice. */
export function ResetCodeForm({ sent, resending, onResend, onChangeEmail }: ResetCodeFormProps) {
  const { t } = useTranslation();
  const confirm = useConfirmPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  const now = useNow(sent.resendAt);
  const codeId = useId();
  const { register, handleSubmit, formState, setValue, setError, watch } = useSchemaForm(
    passwordResetConfirmSchema,
    { email: sent.email, otp: '', password: '', confirmPassword: '' },
  );
  const waitSeconds = Math.ceil((sent.resendAt - now) / 1000);

  const onSubmit = handleSubmit((values) => {
    if (confirm.isPending) return;
    setFailure(null);
    confirm.mutate(values, {
      onError: (error) => {
        console.warn('Password reset failed', error);
        const key = isApiError(error) ? codeErrorKey[error.code] : undefined;
        if (key) {
          setError('otp', { type: serverErrorType, message: t(key) }, { shouldFocus: true });
        } else if (isApiError(error) && error.code === authErrorCodes.PASSWORD_TOO_COMMON) {
          setError(
            'password',
            { type: serverErrorType, message: t('errors.passwordTooCommon') },
            { shouldFocus: true },
          );
        } else if (isApiError(error) && error.code === ErrorCode.VALIDATION_FAILED) {
          setFailure(t('errors.validation'));
        } else {
          setFailure(t('auth.reset.failedReason', { reason: apiErrorText(error) }));
        }
      },
    });
  });

  return (
    <Form className={styles.form} onSubmit={onSubmit}>
      <SentNote icon={<MailCheck size={24} strokeWidth={1.75} />} busy={resending}>
        <p data-testid="reset-status">
          {sent.limited
            ? t('auth.reset.limited', { email: sent.email })
            : t('auth.reset.sent', { email: sent.email })}
        </p>
      </SentNote>
      <CodeField
        className={styles.codeField}
        {...register('otp')}
        id={codeId}
        label={t('auth.verify.codeLabel')}
        value={watch('otp')}
        length={limits.otpLength}
        onChange={(next) =>
          setValue('otp', next, { shouldValidate: formState.isSubmitted, shouldDirty: true })
        }
        error={fieldErrorText(formState.errors.otp)}
        data-autofocus
        testId="reset-code"
        messageTestId="reset-code-message"
      />
      <PasswordField
        {...register('password')}
        error={fieldErrorText(formState.errors.password)}
        label={t('auth.reset.newPassword')}
        autoComplete="new-password"
        note={{ tone: 'muted', text: t('auth.passwordHint', { passwordMin: passwordLimits.min }) }}
        testId="reset-password"
      />
      <PasswordField
        {...register('confirmPassword')}
        error={fieldErrorText(formState.errors.confirmPassword)}
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        testId="reset-confirm"
      />
      {failure ? (
        <p className={styles.codeError} role="alert" data-testid="reset-failure">
          {failure}
        </p>
      ) : null}
      <SubmitButton pending={confirm.isPending} testId="reset-submit">
        {t('auth.reset.submit')}
      </SubmitButton>
      <p className={styles.terms}>{t('auth.reset.othersSignedOut')}</p>
      <ResendRow
        ready={waitSeconds <= 0 && !resending}
        waitSeconds={waitSeconds}
        onResend={onResend}
        editLabel={t('auth.reset.changeEmail')}
        onEdit={onChangeEmail}
        testIdPrefix="reset"
      />
    </Form>
  );
}

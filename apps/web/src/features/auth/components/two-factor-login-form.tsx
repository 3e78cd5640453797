import { authErrorCodes } from '@casino/contracts';
import { ShieldCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-client';
import { apiErrorText, retryWhen } from '../../../shared/lib/api-error-text';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { TextField } from '../../../shared/ui/field/text-field';
import { useTwoFactorLogin } from '../api/two-factor-login';
import { twoFactorLoginFormSchema } from '../lib/code-form-schemas';
import { useTwoFactorLoginStore } from '../two-factor-login-store';
import styles from './auth-form.module.css';
import { SentNote } from './code-step';
import { SubmitButton } from './form-parts';
import { CodeField } from '../../../shared/ui/code-field/code-field';
import { Form } from '../../../shared/ui/form/form';

/**
 * The second sign-in step's form (docs/decisions/051): six digits from the authenticator app,
 * or, behind a switch, one of the recovery codes. A wrong code stays here; an expired step
 * calls `onExpired` (back to the password).
 */
export function TwoFactorLoginForm({ onExpired }: { onExpired: () => void }) {
  const { t } = useTranslation();
  const [recovery, setRecovery] = useState(false);
  // After the switch, the other field takes the focus (the modal focused the first one).
  const [switched, setSwitched] = useState(false);
  const login = useTwoFactorLogin();
  const codeId = useId();
  const { register, handleSubmit, formState, setValue, setError, watch, reset } = useSchemaForm(
    twoFactorLoginFormSchema,
    { code: '' },
  );
  const error = fieldErrorText(formState.errors.code, () =>
    recovery ? t('twoFactor.field.format') : t('validation.otperror'),
  );
  const refuse = (message: string) => setError('code', { type: serverErrorType, message });

  const onSubmit = handleSubmit(async ({ code }) => {
    if (login.isPending) return;
    const challenge = useTwoFactorLoginStore.getState().challenge;
    if (!challenge || useTwoFactorLoginStore.getState().expiresAt <= Date.now()) {
      onExpired();
      return;
    }
    try {
      await login.mutateAsync({ challenge, code });
    } catch (failure) {
      console.warn('Two-factor login failed', failure);
      if (!isApiError(failure)) {
        refuse(apiErrorText(failure));
      } else if (failure.code === authErrorCodes.TWO_FACTOR_CHALLENGE_INVALID) {
        onExpired();
      } else if (failure.code === authErrorCodes.TWO_FACTOR_INVALID) {
        // The cells start empty again for the next code.
        setValue('code', '');
        refuse(t('twoFactor.field.invalid'));
      } else if (failure.status === 429) {
        refuse(t('twoFactor.login.tooMany', { when: retryWhen(failure.retryAfterSeconds) }));
      } else {
        refuse(apiErrorText(failure));
      }
    }
  });

  const switchMode = () => {
    setRecovery((value) => !value);
    setSwitched(true);
    reset({ code: '' });
  };

  return (
    <Form className={styles.form} onSubmit={onSubmit} testId="two-factor-login-form">
      <SentNote icon={<ShieldCheck size={22} strokeWidth={1.75} />} live={false}>
        <p>{recovery ? t('twoFactor.login.recoveryLead') : t('twoFactor.login.lead')}</p>
      </SentNote>
      {recovery ? (
        <TextField
          {...register('code')}
          id={codeId}
          label={t('twoFactor.login.recoveryLabel')}
          error={error}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="abcde-fgh23"
          maxLength={32}
          data-autofocus
          autoFocus={switched}
          testId="two-factor-recovery"
        />
      ) : (
        <CodeField
          className={styles.codeField}
          {...register('code')}
          id={codeId}
          label={t('twoFactor.login.codeLabel')}
          value={watch('code')}
          length={6}
          onChange={(next) =>
            setValue('code', next, { shouldValidate: formState.isSubmitted, shouldDirty: true })
          }
          error={error}
          data-autofocus
          autoFocus={switched}
          testId="two-factor-code"
        />
      )}
      <button
        type="button"
        className={`${styles.link} ${styles.forgot}`}
        onClick={switchMode}
        data-testid="two-factor-switch"
      >
        {recovery ? t('twoFactor.login.useApp') : t('twoFactor.login.useRecovery')}
      </button>
      <SubmitButton pending={login.isPending} testId="two-factor-submit">
        {t('twoFactor.login.submit')}
      </SubmitButton>
    </Form>
  );
}

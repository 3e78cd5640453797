import { limits } from '@casino/contracts';
import { useIsMutating } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, useSchemaForm } from '../../../shared/lib/schema-form';
import { useNow } from '../../../shared/lib/use-now';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { registerMutationKey, useRegister } from '../api/register';
import { useVerify } from '../api/verify';
import { verifyCodeFormSchema } from '../lib/code-form-schemas';
import { useRegistrationStore, type CodeError } from '../registration-store';
import styles from './auth-form.module.css';
import { ResendRow, SentNote } from './code-step';
import { SubmitButton } from './form-parts';
import { CodeField } from '../../../shared/ui/code-field/code-field';
import { Form } from '../../../shared/ui/form/form';

const codeErrorKey = {
  invalid: 'auth.verify.otpInvalid',
  expired: 'auth.verify.otpExpired',
  attempts: 'auth.verify.otpAttempts',
  format: 'validation.otperror',
} as const satisfies Record<CodeError, string>;

/**
 * Verify's form (SPEC §2, §4): the six-digit code from the e-mail. The server's refusal of a
 * code lives in the registration store (it outlives the modal); "send again" re-posts the
 * registration once the server's resend_after has passed.
 */
export function VerifyCodeForm() {
  const { t } = useTranslation();
  const open = useModalStore((state) => state.open);
  const draft = useRegistrationStore((state) => state.draft);
  const sentTo = useRegistrationStore((state) => state.sentTo);
  const resendAt = useRegistrationStore((state) => state.resendAt);
  const codeError = useRegistrationStore((state) => state.codeError);
  const setCodeError = useRegistrationStore((state) => state.setCodeError);
  const sending = useIsMutating({ mutationKey: registerMutationKey }) > 0;
  const register = useRegister();
  const verify = useVerify();
  const {
    register: field,
    handleSubmit,
    formState,
    setValue,
    watch,
    reset,
  } = useSchemaForm(verifyCodeFormSchema, {
    otp: '',
  });
  const now = useNow(resendAt);
  const codeId = useId();

  const waitSeconds = resendAt === null ? 0 : Math.ceil((resendAt - now) / 1000);
  const email = sentTo ?? draft.email;
  const error =
    fieldErrorText(formState.errors.otp) ?? (codeError ? t(codeErrorKey[codeError]) : undefined);

  const onSubmit = handleSubmit(({ otp }) => {
    if (!verify.isPending) verify.mutate({ ...draft, otp });
  });

  const resend = () => {
    reset({ otp: '' });
    setCodeError(null);
    register.mutate({ payload: draft, resend: true });
  };

  return (
    <Form className={styles.form} onSubmit={onSubmit}>
      <SentNote icon={<MailCheck size={24} strokeWidth={1.75} />} busy={sending}>
        <p data-testid="verify-status" data-state={sending ? 'sending' : 'sent'}>
          {sending ? t('auth.verify.sending', { email }) : t('auth.verify.sent', { email })}
        </p>
      </SentNote>
      <CodeField
        className={styles.codeField}
        id={codeId}
        label={t('auth.verify.codeLabel')}
        {...field('otp')}
        value={watch('otp')}
        length={limits.otpLength}
        onChange={(next) => {
          setValue('otp', next, { shouldValidate: formState.isSubmitted, shouldDirty: true });
          if (codeError) setCodeError(null);
        }}
        error={error}
        testId="verify-code"
      />
      <SubmitButton pending={verify.isPending} flush testId="verify-submit">
        {t('auth.verify.submit')}
      </SubmitButton>
      <ResendRow
        ready={!sending && sentTo !== null && waitSeconds <= 0}
        waitSeconds={sentTo !== null ? waitSeconds : null}
        onResend={resend}
        editLabel={t('auth.verify.edit')}
        onEdit={() => open('register')}
        testIdPrefix="verify"
      />
    </Form>
  );
}

import { authErrorCodes, passwordResetRequestSchema } from '@casino/contracts';
import { KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorText } from '../../../shared/lib/api-error-text';
import { isApiError } from '../../../shared/lib/api-client';
import { fieldErrorText, useSchemaForm } from '../../../shared/lib/schema-form';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useLoginDraftStore } from '../login-draft-store';
import styles from './auth-form.module.css';
import { ResetCodeForm } from './reset-code-form';
import { ModalSwitch, SubmitButton } from './form-parts';
import { AccountField } from './account-fields';
import { Form } from '../../../shared/ui/form/form';

/** Where the reset stands: the address the code went to and when another may be asked. */
export interface ResetSent {
  email: string;
  resendAt: number;
  /**
   * The server sent no code now: the address's resend limits hold (429, the same for every
   * address). The dialog says so and when to ask again, never "on its way" (issue 25).
   */
  limited: boolean;
}

/**
 * "Forgot password?" from the login modal (docs/decisions/045): the e-mail, then the code from
 * the mail with a new password, which signs the player in. The server answers alike for every
 * address, so this screen never says whether an account has it.
 */
export function ForgotPasswordModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const open = useModalStore((state) => state.open);
  const [sent, setSent] = useState<ResetSent | null>(null);
  const request = useRequestPasswordReset();

  const send = (email: string, onError?: (text: string) => void) => {
    request.mutate(
      { email },
      {
        onSuccess: (answer) =>
          setSent({ email, resendAt: Date.now() + answer.resend_after * 1000, limited: false }),
        onError: (error) => {
          if (isApiError(error) && error.code === authErrorCodes.OTP_RESEND_LIMIT) {
            // No code went now. One asked for earlier may still be good: the code form stays
            // open for it, saying when a new one can be asked for.
            setSent({
              email,
              resendAt: Date.now() + (error.retryAfterSeconds ?? 60) * 1000,
              limited: true,
            });
            return;
          }
          onError?.(apiErrorText(error));
        },
      },
    );
  };

  return (
    <Modal open onClose={close} title={t('modal.forgotPassword.title')} name="forgot-password">
      {sent ? (
        <ResetCodeForm
          sent={sent}
          resending={request.isPending}
          onResend={() => send(sent.email)}
          onChangeEmail={() => setSent(null)}
        />
      ) : (
        <ResetEmailForm sending={request.isPending} onSend={send} />
      )}
      <ModalSwitch
        prompt={t('auth.reset.rememberPrompt')}
        action={t('modal.register.switchAction')}
        onClick={() => open('login')}
        testId="reset-back-to-login"
      />
    </Modal>
  );
}

function ResetEmailForm({
  sending,
  onSend,
}: {
  sending: boolean;
  onSend: (email: string, onError: (text: string) => void) => void;
}) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useSchemaForm(passwordResetRequestSchema, {
    email: useLoginDraftStore.getState().email,
  });
  const onSubmit = handleSubmit(({ email }) => {
    setFailure(null);
    onSend(email, setFailure);
  });

  return (
    <Form className={styles.form} onSubmit={onSubmit}>
      <div className={styles.sent}>
        <span className={styles.sentIcon} aria-hidden="true">
          <KeyRound size={22} strokeWidth={1.75} />
        </span>
        <p>{t('auth.reset.lead')}</p>
      </div>
      <AccountField
        kind="email"
        {...register('email')}
        error={fieldErrorText(formState.errors.email) ?? failure ?? undefined}
        autoComplete="username"
        placeholder={t('auth.emailPlaceholder')}
        data-autofocus
        testId="reset-email"
      />
      <SubmitButton pending={sending} testId="reset-send">
        {t('auth.reset.send')}
      </SubmitButton>
    </Form>
  );
}

import { limits, otpSchema } from '@casino/contracts';
import { useIsMutating } from '@tanstack/react-query';
import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../../shared/lib/use-now';
import { Button } from '../../../shared/ui/button/button';
import { OtpInput } from '../../../shared/ui/field/otp-input';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { registerMutationKey, useRegister } from '../api/register';
import { useVerify } from '../api/verify';
import { formatCountdown } from '../lib/countdown';
import { useRegistrationStore, type CodeError } from '../registration-store';
import styles from './auth-form.module.css';

const codeErrorKey = {
  invalid: 'auth.verify.otpInvalid',
  expired: 'auth.verify.otpExpired',
  attempts: 'auth.verify.otpAttempts',
  format: 'validation.otperror',
} as const satisfies Record<CodeError, string>;

/**
 * Verify (SPEC §2, §4): the six-digit code from the e-mail. Opens while the registration is on
 * its way; "send again" re-posts the registration once the server's resend_after has passed.
 */
export function VerifyModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const open = useModalStore((state) => state.open);
  const draft = useRegistrationStore((state) => state.draft);
  const sentTo = useRegistrationStore((state) => state.sentTo);
  const resendAt = useRegistrationStore((state) => state.resendAt);
  const codeError = useRegistrationStore((state) => state.codeError);
  const setCodeError = useRegistrationStore((state) => state.setCodeError);
  const sending = useIsMutating({ mutationKey: registerMutationKey }) > 0;
  const register = useRegister();
  const verify = useVerify();
  const [code, setCode] = useState('');
  const now = useNow(resendAt);
  const codeId = useId();
  const messageId = `${codeId}-message`;

  const waitSeconds = resendAt === null ? 0 : Math.ceil((resendAt - now) / 1000);
  const canResend = !sending && sentTo !== null && waitSeconds <= 0;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (!otpSchema.safeParse(code).success) {
      setCodeError('format');
      return;
    }
    verify.mutate({ ...draft, otp: code });
  };

  const resend = () => {
    setCode('');
    setCodeError(null);
    register.mutate({ payload: draft, resend: true });
  };

  const email = sentTo ?? draft.email;

  return (
    <Modal open onClose={close} title={t('modal.verify.title')} name="verify">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.sent} aria-live="polite">
          <span className={styles.sentIcon} aria-hidden="true">
            {sending ? <Spinner size={22} /> : <MailCheck size={24} strokeWidth={1.75} />}
          </span>
          <p data-testid="verify-status" data-state={sending ? 'sending' : 'sent'}>
            {sending ? t('auth.verify.sending', { email }) : t('auth.verify.sent', { email })}
          </p>
        </div>
        <div className={styles.codeField}>
          <label htmlFor={codeId} className={styles.codeLabel}>
            {t('auth.verify.codeLabel')}
          </label>
          <OtpInput
            id={codeId}
            name="otp"
            value={code}
            length={limits.otpLength}
            onChange={(next) => {
              setCode(next);
              if (codeError) setCodeError(null);
            }}
            invalid={codeError !== null}
            aria-describedby={codeError ? messageId : undefined}
            testId="verify-code"
          />
          <p id={messageId} className={styles.codeError} aria-live="polite">
            {codeError ? t(codeErrorKey[codeError]) : ''}
          </p>
        </div>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          disabled={verify.isPending}
          icon={verify.isPending ? <Spinner /> : undefined}
          data-testid="verify-submit"
        >
          {t('auth.verify.submit')}
        </Button>
        <div className={styles.resendRow}>
          {canResend ? (
            <button
              type="button"
              className={styles.link}
              onClick={resend}
              data-testid="verify-resend"
            >
              {t('auth.verify.resend')}
            </button>
          ) : (
            <span className={styles.countdown} data-testid="verify-resend-wait">
              {sentTo !== null && waitSeconds > 0
                ? t('auth.verify.resendIn', { time: formatCountdown(waitSeconds) })
                : ''}
            </span>
          )}
          <button
            type="button"
            className={styles.link}
            onClick={() => open('register')}
            data-testid="verify-edit"
          >
            {t('auth.verify.edit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

import { authErrorCodes, twoFactorCodeSchema } from '@casino/contracts';
import { ShieldCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-client';
import { apiErrorText, retryWhen } from '../../../shared/lib/api-error-text';
import { Button } from '../../../shared/ui/button/button';
import { OtpInput } from '../../../shared/ui/field/otp-input';
import { TextField } from '../../../shared/ui/field/text-field';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useTwoFactorLogin } from '../api/two-factor-login';
import { useTwoFactorLoginStore } from '../two-factor-login-store';
import styles from './auth-form.module.css';

/**
 * The login's second step (docs/decisions/051): the password was right and the account has
 * two-factor sign-in on. Six digits from the authenticator app, or, behind a switch, one of
 * the recovery codes. A wrong code stays in the modal; an expired step goes back to login.
 */
export function TwoFactorLoginModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const open = useModalStore((state) => state.open);
  const challenge = useTwoFactorLoginStore((state) => state.challenge);
  const [recovery, setRecovery] = useState(false);
  // After the switch, the other field takes the focus (the modal focused the first one).
  const [switched, setSwitched] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const login = useTwoFactorLogin();
  const codeId = useId();
  const messageId = `${codeId}-message`;

  const cancel = () => {
    useTwoFactorLoginStore.getState().clear();
    close();
  };
  const backToLogin = () => {
    useTwoFactorLoginStore.getState().clear();
    open('login');
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (login.isPending) return;
    if (!challenge || useTwoFactorLoginStore.getState().expiresAt <= Date.now()) {
      toast.error(t('twoFactor.login.expired'), t('twoFactor.login.failed'));
      backToLogin();
      return;
    }
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(recovery ? t('twoFactor.field.format') : t('validation.otperror'));
      return;
    }
    try {
      await login.mutateAsync({ challenge, code: parsed.data });
    } catch (failure) {
      console.warn('Two-factor login failed', failure);
      if (!isApiError(failure)) {
        setError(apiErrorText(failure));
      } else if (failure.code === authErrorCodes.TWO_FACTOR_CHALLENGE_INVALID) {
        toast.error(t('twoFactor.login.expired'), t('twoFactor.login.failed'));
        backToLogin();
      } else if (failure.code === authErrorCodes.TWO_FACTOR_INVALID) {
        // The cells start empty again for the next code.
        setCode('');
        setError(t('twoFactor.field.invalid'));
      } else if (failure.status === 429) {
        setError(t('twoFactor.login.tooMany', { when: retryWhen(failure.retryAfterSeconds) }));
      } else {
        setError(apiErrorText(failure));
      }
    }
  };

  const switchMode = () => {
    setRecovery((value) => !value);
    setSwitched(true);
    setCode('');
    setError(null);
  };

  return (
    <Modal open onClose={cancel} title={t('modal.twoFactor.title')} name="twoFactor">
      <form
        className={styles.form}
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        data-testid="two-factor-login-form"
      >
        <div className={styles.sent}>
          <span className={styles.sentIcon} aria-hidden="true">
            <ShieldCheck size={22} strokeWidth={1.75} />
          </span>
          <p>{recovery ? t('twoFactor.login.recoveryLead') : t('twoFactor.login.lead')}</p>
        </div>
        {recovery ? (
          <TextField
            id={codeId}
            label={t('twoFactor.login.recoveryLabel')}
            value={code}
            onChange={(event) => {
              setCode(event.target.value);
              setError(null);
            }}
            error={error ?? undefined}
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
          <div className={styles.codeField}>
            <label htmlFor={codeId} className={styles.codeLabel}>
              {t('twoFactor.login.codeLabel')}
            </label>
            <OtpInput
              id={codeId}
              name="totp"
              value={code}
              length={6}
              onChange={(next) => {
                setCode(next);
                setError(null);
              }}
              invalid={error !== null}
              aria-describedby={error ? messageId : undefined}
              data-autofocus
              autoFocus={switched}
              testId="two-factor-code"
            />
            <p id={messageId} className={styles.codeError} aria-live="polite">
              {error ?? ''}
            </p>
          </div>
        )}
        <button
          type="button"
          className={`${styles.link} ${styles.forgot}`}
          onClick={switchMode}
          data-testid="two-factor-switch"
        >
          {recovery ? t('twoFactor.login.useApp') : t('twoFactor.login.useRecovery')}
        </button>
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          className={styles.submit}
          disabled={login.isPending}
          icon={login.isPending ? <Spinner /> : undefined}
          data-testid="two-factor-submit"
        >
          {t('twoFactor.login.submit')}
        </Button>
      </form>
      <p className={styles.switch}>
        <button
          type="button"
          className={styles.link}
          onClick={backToLogin}
          data-testid="two-factor-back"
        >
          {t('twoFactor.login.back')}
        </button>
      </p>
    </Modal>
  );
}

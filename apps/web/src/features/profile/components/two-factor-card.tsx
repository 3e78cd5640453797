import {
  authErrorCodes,
  twoFactorCodeSchema,
  type TwoFactorSetupResponse,
} from '@casino/contracts';
import { Copy, Download, RotateCw, ShieldCheck, ShieldOff } from 'lucide-react';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { registerTwoFactorMessages } from '../../../shared/i18n/two-factor/register';
import { i18n, useLanguage } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { apiErrorText } from '../../../shared/lib/api-error-text';
import { formatDate } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { OtpInput } from '../../../shared/ui/field/otp-input';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { TwoFactorCodeField, twoFactorErrorText, useTwoFactorStatus } from '../../auth';
import { useTwoFactorActions } from '../api/two-factor';
import styles from './two-factor-card.module.css';
import cards from './profile-cards.module.css';

registerTwoFactorMessages();

// uqr comes only with the set-up step, never with the profile page itself.
const QrCode = lazy(() => import('../../../shared/ui/qr-code/qr-code'));

type Step =
  | { kind: 'idle' }
  | { kind: 'setup'; setup: TwoFactorSetupResponse }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'regenerate' }
  | { kind: 'disable' };

function failedToast(error: unknown) {
  toast.error(
    i18n.t('twoFactor.card.failed', { reason: apiErrorText(error) }),
    i18n.t('twoFactor.card.toastTitle'),
  );
}

/**
 * Two-factor authentication (accounts issue 15, docs/decisions/051): turn it on with a QR code
 * (or the key typed in) and a first code, keep the ten recovery codes shown once, make new
 * ones, turn it off with the password and a code.
 */
export function TwoFactorCard({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const status = useTwoFactorStatus(userId);
  const actions = useTwoFactorActions(userId);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const on = status.data?.enabled === true;

  const start = () =>
    actions.setup.mutate(undefined, {
      onSuccess: (setup) => setStep({ kind: 'setup', setup }),
      onError: failedToast,
    });

  return (
    <section
      className={cards.card}
      aria-labelledby="two-factor-title"
      data-testid="two-factor-card"
    >
      <header className={styles.header}>
        <div className={cards.cardHeader}>
          <h2 id="two-factor-title" className={cards.cardTitle}>
            {t('twoFactor.card.title')}
          </h2>
          {status.data ? (
            <p className={cards.cardLead}>
              {on && status.data.enabled_at
                ? t('twoFactor.card.leadOn', { date: formatDate(status.data.enabled_at, language) })
                : t('twoFactor.card.leadOff')}
            </p>
          ) : null}
        </div>
        {status.data ? (
          <span
            className={`${styles.badge} ${on ? styles.badgeOn : ''}`}
            data-testid="two-factor-status"
            data-enabled={on}
          >
            {on ? (
              <ShieldCheck size={16} aria-hidden="true" />
            ) : (
              <ShieldOff size={16} aria-hidden="true" />
            )}
            {on ? t('twoFactor.card.statusOn') : t('twoFactor.card.statusOff')}
          </span>
        ) : null}
      </header>

      {status.isPending ? (
        <div className={styles.skeleton} aria-busy="true" aria-label={t('app.loading')} />
      ) : status.isError ? (
        <div className={styles.error} role="alert">
          <p>{t('twoFactor.card.loadFailed')}</p>
          <Button
            variant="secondary"
            onClick={() => void status.refetch()}
            icon={<RotateCw size={16} aria-hidden="true" />}
          >
            {t('twoFactor.card.retry')}
          </Button>
        </div>
      ) : step.kind === 'setup' ? (
        <SetupStep
          setup={step.setup}
          userId={userId}
          onCancel={() => setStep({ kind: 'idle' })}
          onCodes={(codes) => setStep({ kind: 'codes', codes })}
        />
      ) : step.kind === 'codes' ? (
        <RecoveryCodes codes={step.codes} onDone={() => setStep({ kind: 'idle' })} />
      ) : !on ? (
        <div className={styles.actions}>
          <Button
            variant="accent"
            onClick={start}
            disabled={actions.setup.isPending}
            icon={
              actions.setup.isPending ? <Spinner /> : <ShieldCheck size={18} aria-hidden="true" />
            }
            data-testid="two-factor-enable"
          >
            {t('twoFactor.card.enable')}
          </Button>
        </div>
      ) : (
        <>
          <p className={cards.notice} data-testid="two-factor-codes-left">
            {t('twoFactor.card.codesLeft', { count: status.data.recovery_codes_left })}
          </p>
          {step.kind === 'regenerate' ? (
            <RegenerateForm
              userId={userId}
              onCancel={() => setStep({ kind: 'idle' })}
              onCodes={(codes) => setStep({ kind: 'codes', codes })}
            />
          ) : step.kind === 'disable' ? (
            <DisableForm userId={userId} onDone={() => setStep({ kind: 'idle' })} />
          ) : (
            <div className={styles.actions}>
              <Button
                variant="secondary"
                onClick={() => setStep({ kind: 'regenerate' })}
                data-testid="two-factor-regenerate"
              >
                {t('twoFactor.card.regenerate')}
              </Button>
              <Button
                variant="secondary"
                onClick={() => setStep({ kind: 'disable' })}
                data-testid="two-factor-disable"
              >
                {t('twoFactor.card.disable')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function useCopy() {
  const { t } = useTranslation();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('twoFactor.card.copied'), t('twoFactor.card.toastTitle'));
    } catch (error) {
      console.warn('Copy failed', error);
      failedToast(error);
    }
  };
}

/** The QR code and the key, then the app's first code turns it on. */
function SetupStep({
  setup,
  userId,
  onCancel,
  onCodes,
}: {
  setup: TwoFactorSetupResponse;
  userId: string;
  onCancel: () => void;
  onCodes: (codes: string[]) => void;
}) {
  const { t } = useTranslation();
  const { confirm } = useTwoFactorActions(userId);
  const copy = useCopy();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeId = useId();
  // The key in groups of four, as apps show it; copied without the spaces.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (confirm.isPending) return;
    if (!/^\d{6}$/.test(code)) {
      setError(t('validation.otperror'));
      return;
    }
    try {
      const answer = await confirm.mutateAsync(code);
      toast.success(t('twoFactor.card.enabled'), t('twoFactor.card.toastTitle'));
      onCodes(answer.recovery_codes);
    } catch (failure) {
      console.warn('Two-factor was not turned on', failure);
      const text = twoFactorErrorText(failure);
      if (text) {
        // The cells start empty again for the next code.
        setCode('');
        setError(text);
      } else {
        failedToast(failure);
      }
    }
  };

  return (
    <form
      className={styles.setup}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="two-factor-setup"
    >
      <p>{t('twoFactor.card.scan')}</p>
      <div className={styles.setupGrid}>
        <div className={styles.qr}>
          <Suspense fallback={<Spinner size={24} />}>
            <QrCode
              value={setup.otpauth_uri}
              label={t('twoFactor.card.qrLabel')}
              testId="two-factor-qr"
            />
          </Suspense>
        </div>
        <div className={styles.manual}>
          <p className={cards.cardLead}>{t('twoFactor.card.manual')}</p>
          <code
            className={styles.secret}
            data-testid="two-factor-secret"
            data-secret={setup.secret}
          >
            {grouped}
          </code>
          <Button
            variant="ghost"
            onClick={() => void copy(setup.secret)}
            icon={<Copy size={16} aria-hidden="true" />}
            data-testid="two-factor-copy-secret"
          >
            {t('twoFactor.card.copyKey')}
          </Button>
        </div>
      </div>
      <label htmlFor={codeId} className={cards.codeLabel}>
        {t('twoFactor.card.confirmLabel')}
      </label>
      <OtpInput
        id={codeId}
        value={code}
        length={6}
        onChange={(next) => {
          setCode(next);
          setError(null);
        }}
        invalid={error !== null}
        aria-describedby={error ? `${codeId}-error` : undefined}
        testId="two-factor-confirm-code"
      />
      <p id={`${codeId}-error`} className={cards.codeError} aria-live="polite">
        {error}
      </p>
      <div className={cards.codeActions}>
        <Button variant="ghost" onClick={onCancel} data-testid="two-factor-cancel">
          {t('twoFactor.card.cancel')}
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={confirm.isPending}
          icon={confirm.isPending ? <Spinner /> : undefined}
          data-testid="two-factor-confirm"
        >
          {t('twoFactor.card.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** The ten codes, shown once: copy, download as a text file, done. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const copy = useCopy();
  const text = codes.join('\n');

  const download = () => {
    const body = `${t('twoFactor.card.fileTitle')}\n\n${text}\n`;
    const url = URL.createObjectURL(new Blob([body], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'orbita-recovery-codes.txt';
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className={styles.setup} data-testid="two-factor-recovery-codes">
      <h3 className={cards.codeTitle}>{t('twoFactor.card.codesTitle')}</h3>
      <p className={cards.cardLead}>{t('twoFactor.card.codesLead')}</p>
      <ol className={styles.codes}>
        {codes.map((code) => (
          <li key={code} data-testid="two-factor-recovery-code">
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => void copy(text)}
          icon={<Copy size={16} aria-hidden="true" />}
          data-testid="two-factor-copy-codes"
        >
          {t('twoFactor.card.copyCodes')}
        </Button>
        <Button
          variant="secondary"
          onClick={download}
          icon={<Download size={16} aria-hidden="true" />}
          data-testid="two-factor-download-codes"
        >
          {t('twoFactor.card.download')}
        </Button>
        <Button variant="primary" onClick={onDone} data-testid="two-factor-codes-done">
          {t('twoFactor.card.done')}
        </Button>
      </div>
    </div>
  );
}

function RegenerateForm({
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
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (regenerate.isPending) return;
    const parsed = twoFactorCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(t('twoFactor.field.format'));
      return;
    }
    try {
      onCodes((await regenerate.mutateAsync(parsed.data)).recovery_codes);
    } catch (failure) {
      console.warn('Recovery codes were not made', failure);
      const text = twoFactorErrorText(failure);
      if (text) setError(text);
      else failedToast(failure);
    }
  };

  return (
    <form
      className={styles.setup}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="two-factor-regenerate-form"
    >
      <p className={cards.cardLead}>{t('twoFactor.card.regenerateLead')}</p>
      <TwoFactorCodeField
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(undefined);
        }}
        error={error}
        testId="two-factor-regenerate-code"
      />
      <div className={cards.codeActions}>
        <Button variant="ghost" onClick={onCancel}>
          {t('twoFactor.card.cancel')}
        </Button>
        <Button
          type="submit"
          variant="primary"
          disabled={regenerate.isPending}
          icon={regenerate.isPending ? <Spinner /> : undefined}
          data-testid="two-factor-regenerate-submit"
        >
          {t('twoFactor.card.regenerateSubmit')}
        </Button>
      </div>
    </form>
  );
}

function DisableForm({ userId, onDone }: { userId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const { disable } = useTwoFactorActions(userId);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (disable.isPending) return;
    const parsed = twoFactorCodeSchema.safeParse(code);
    const next = {
      ...(password === '' ? { password: t('validation.passworderror') } : {}),
      ...(parsed.success ? {} : { code: t('twoFactor.field.format') }),
    };
    setErrors(next);
    if (!parsed.success || password === '') return;
    try {
      await disable.mutateAsync({ password, code: parsed.data });
      toast.success(t('twoFactor.card.disabled'), t('twoFactor.card.toastTitle'));
      onDone();
    } catch (failure) {
      console.warn('Two-factor was not turned off', failure);
      if (isApiError(failure) && failure.code === authErrorCodes.WRONG_PASSWORD) {
        setErrors({ password: t('twoFactor.card.wrongPassword') });
        return;
      }
      const text = twoFactorErrorText(failure);
      if (text) setErrors({ code: text });
      else failedToast(failure);
    }
  };

  return (
    <form
      className={styles.setup}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="two-factor-disable-form"
    >
      <p className={cards.cardLead}>{t('twoFactor.card.disableLead')}</p>
      <PasswordField
        label={t('twoFactor.card.password')}
        value={password}
        onChange={(event) => {
          setPassword(event.target.value);
          setErrors((current) => ({ ...current, password: undefined }));
        }}
        error={errors.password}
        autoComplete="current-password"
        testId="two-factor-disable-password"
      />
      <TwoFactorCodeField
        value={code}
        onChange={(next) => {
          setCode(next);
          setErrors((current) => ({ ...current, code: undefined }));
        }}
        error={errors.code}
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

import {
  ErrorCode,
  authErrorCodes,
  emailSchema,
  limits,
  otpSchema,
  usernameSchema,
} from '@casino/contracts';
import { MailCheck } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/lib/api-client';
import { Button } from '../../../shared/ui/button/button';
import { CodeField } from '../../../shared/ui/code-field/code-field';
import { i18n } from '../../../shared/i18n/i18n';
import { failedToast, type FailedToastTexts } from '../../../shared/ui/toast/failed-toast';
import { SettingsCard } from '../../../shared/ui/settings-card/settings-card';
import { toast } from '../../../shared/ui/toast/toast-store';
import { validationText } from '../../../shared/lib/form-validation';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import {
  busyText,
  useAvailability,
  useAvailabilityNote,
  useSecondFactorField,
  type AvailabilityKind,
  type User,
  AccountField,
} from '../../auth';
import { registerTwoFactorMessages } from '../../../shared/i18n/two-factor/register';
import { useUpdateSetting } from '../api/update-setting';
import { useVerifySetting } from '../api/verify-setting';
import { settingsFormSchema } from '../lib/settings-form-schema';
import { CancelSubmit } from './code-step';
import styles from './profile-cards.module.css';
import { Form } from '../../../shared/ui/form/form';

registerTwoFactorMessages();

type Field = AvailabilityKind;
const fieldOrder: readonly Field[] = ['username', 'email'];
const schemas = { username: usernameSchema, email: emailSchema };

/** The normalised new value of a field, or null when it is empty (optional) or unchanged. */
function changedValue(field: Field, raw: string, user: User): string | null {
  const parsed = schemas[field].safeParse(raw);
  const value = parsed.success ? parsed.data : raw.trim();
  if (value === '') return null;
  const current = field === 'email' ? user.email.toLowerCase() : user.username;
  return value === current ? null : value;
}

/** Field errors in a failed settings call (a name taken meanwhile, a refused value). */
function serverFieldErrors(error: unknown): Partial<Record<Field, string>> {
  if (!isApiError(error)) return {};
  if (error.code === authErrorCodes.USERNAME_BUSY) return { username: busyText('username') };
  if (error.code === authErrorCodes.EMAIL_BUSY) return { email: busyText('email') };
  if (error.code !== ErrorCode.VALIDATION_FAILED) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of error.fields) {
    const field = issue.path.split('.')[0];
    if (field === 'username' || field === 'email') errors[field] ??= validationText(issue.message);
  }
  return errors;
}

const settingsFailed: FailedToastTexts = {
  title: () => i18n.t('profile.settings.toastTitle'),
  reason: (reason) => i18n.t('profile.settings.failedReason', { reason }),
  generic: () => i18n.t('profile.settings.failed'),
};

/**
 * Account settings (SPEC §2, §4 "Settings save"): username and e-mail, each checked for
 * availability as the player types; a changed value is saved only once its check succeeded.
 * A new e-mail is confirmed with the code sent to it, in a step under the form.
 */
export function AccountSettings({ user }: { user: User }) {
  const { t } = useTranslation();
  // Focus goes to the first field that is invalid or taken, which the schema alone cannot know.
  const { register, handleSubmit, watch, reset, setValue, setError, setFocus, formState } =
    useSchemaForm(
      settingsFormSchema,
      { username: user.username, email: user.email },
      { shouldFocusError: false },
    );
  const values = watch();
  const saving = formState.isSubmitting;
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const update = useUpdateSetting();

  const checks = {
    username: useAvailability('username', values.username, { skip: user.username }),
    email: useAvailability('email', values.email, { skip: user.email.toLowerCase() }),
  };
  const notes = {
    username: useAvailabilityNote('username', checks.username.status),
    email: useAvailabilityNote('email', checks.email.status),
  };
  const changed = {
    username: changedValue('username', values.username, user),
    email: changedValue('email', values.email, user),
  };
  const anyChanged = changed.username !== null || changed.email !== null;
  // With two-factor sign-in on, an e-mail change asks for a code (docs/decisions/051).
  const secondFactor = useSecondFactorField('settings-two-factor-code', {
    asked: changed.email !== null,
  });

  const errorOf = (field: Field): string | undefined => {
    const message = fieldErrorText(formState.errors[field]);
    if (message) return message;
    if (checks[field].status === 'busy') return busyText(field);
    return undefined;
  };

  const isReady = (field: Field) =>
    changed[field] === null ||
    (checks[field].status === 'available' && checks[field].checkedValue === changed[field]);

  const focusFirstBad = (invalid: Partial<Record<Field, unknown>>) => {
    const first = fieldOrder.find((field) => invalid[field] || checks[field].status === 'busy');
    if (first) setFocus(first);
    return first;
  };

  const save = async () => {
    if (!anyChanged) return;
    if (focusFirstBad({})) return;
    if (!fieldOrder.every(isReady)) {
      setNotice(t('profile.settings.waitForCheck'));
      return;
    }

    let latest: User = user;
    try {
      let savedSomething = false;
      if (changed.username !== null) {
        const answer = await update.mutateAsync({ username: changed.username });
        latest = { ...latest, username: answer.user.username };
        savedSomething = true;
      }
      if (changed.email !== null) {
        const answer = await update.mutateAsync({ email: changed.email, ...secondFactor.body });
        secondFactor.clear();
        if (answer.status === 'verification_sent') {
          setPendingEmail(answer.pending_email ?? changed.email);
        } else {
          latest = { ...latest, email: answer.user.email };
          savedSomething = true;
        }
      }
      if (savedSomething) {
        toast.success(t('profile.settings.saved'), t('profile.settings.toastTitle'));
      }
      // The form starts again from the saved account.
      reset({ username: latest.username, email: latest.email });
    } catch (error) {
      console.warn('Settings were not saved', error);
      // The code is what was refused: the rest of the form stays as typed.
      if (secondFactor.refused(error)) return;
      const fields = serverFieldErrors(error);
      for (const field of fieldOrder) {
        const message = fields[field];
        if (message) setError(field, { type: serverErrorType, message });
      }
      failedToast(error, settingsFailed);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setNotice(null);
    if (saving) {
      event.preventDefault();
      return;
    }
    void handleSubmit(save, (invalid) => void focusFirstBad(invalid))(event);
  };

  const bind = (field: Field) => ({
    ...register(field, { onChange: () => setNotice(null) }),
    error: errorOf(field),
    note: notes[field],
  });

  return (
    <SettingsCard
      titleId="settings-title"
      title={t('profile.settings.title')}
      lead={t('profile.settings.lead')}
      id="settings"
    >
      <Form className={styles.form} onSubmit={onSubmit}>
        <AccountField kind="username" {...bind('username')} testId="settings-username" />
        <AccountField kind="email" {...bind('email')} testId="settings-email" />
        {secondFactor.field}
        <div className={styles.formFooter}>
          <p className={styles.notice} aria-live="polite" data-testid="settings-notice">
            {notice}
          </p>
          <Button
            type="submit"
            variant="primary"
            disabled={!anyChanged || saving}
            pending={saving}
            data-testid="settings-save"
          >
            {t('profile.settings.save')}
          </Button>
        </div>
      </Form>
      {pendingEmail !== null && (
        <EmailCodeStep
          email={pendingEmail}
          onDone={(next) => {
            setPendingEmail(null);
            if (next) setValue('email', next.email);
          }}
        />
      )}
    </SettingsCard>
  );
}

const codeErrorKeys: Partial<Record<string, 'otpInvalid' | 'otpExpired' | 'otpAttempts'>> = {
  [authErrorCodes.OTP_INVALID]: 'otpInvalid',
  [authErrorCodes.OTP_EXPIRED]: 'otpExpired',
  [authErrorCodes.OTP_ATTEMPTS_EXCEEDED]: 'otpAttempts',
};

/** The code sent to the new e-mail → POST /user/verify-setting. */
function EmailCodeStep({
  email,
  onDone,
}: {
  email: string;
  onDone: (user: { email: string } | null) => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifySetting();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verify.isPending) return;
    if (!otpSchema.safeParse(code).success) {
      setError(t('validation.otperror'));
      return;
    }
    try {
      const answer = await verify.mutateAsync(code);
      toast.success(t('profile.settings.emailChanged'), t('profile.settings.toastTitle'));
      onDone({ email: answer.user.email });
    } catch (failure) {
      console.warn('E-mail change was not confirmed', failure);
      const key = isApiError(failure) ? codeErrorKeys[failure.code] : undefined;
      if (key) {
        setError(t(`auth.verify.${key}`));
      } else if (isApiError(failure) && failure.code === authErrorCodes.NOTHING_TO_VERIFY) {
        toast.error(t('profile.settings.nothingToVerify'), t('profile.settings.toastTitle'));
        onDone(null);
      } else {
        failedToast(failure, settingsFailed);
      }
    }
  };

  return (
    <Form className={styles.codeStep} onSubmit={onSubmit} testId="settings-code-step">
      <div className={styles.codeHead}>
        <span className={styles.codeIcon} aria-hidden="true">
          <MailCheck size={20} />
        </span>
        <div>
          <h3 className={styles.codeTitle}>{t('profile.settings.codeTitle')}</h3>
          <p className={styles.cardLead}>{t('profile.settings.codeText', { email })}</p>
        </div>
      </div>
      <CodeField
        label={t('profile.settings.codeLabel')}
        error={error}
        value={code}
        length={limits.otpLength}
        onChange={(next) => {
          setCode(next);
          setError(null);
        }}
        testId="settings-code"
        autoFocus
      />
      <CancelSubmit
        cancelLabel={t('profile.settings.cancel')}
        onCancel={() => onDone(null)}
        cancelTestId="settings-code-cancel"
        submitLabel={t('profile.settings.confirm')}
        pending={verify.isPending}
        submitTestId="settings-verify"
      />
    </Form>
  );
}

import { passwordLimits, registerRequestSchema } from '@casino/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n/i18n';
import { Button } from '../../../shared/ui/button/button';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { TextField } from '../../../shared/ui/field/text-field';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useRegister } from '../api/register';
import { busyText, useAvailability, useAvailabilityNote } from '../hooks/use-availability';
import { fieldErrors, validationText } from '../../../shared/lib/form-validation';
import {
  useRegistrationStore,
  type RegistrationDraft,
  type RegistrationField,
  type ServerFieldError,
} from '../registration-store';
import styles from './auth-form.module.css';

const fieldOrder: readonly RegistrationField[] = [
  'username',
  'email',
  'password',
  'confirmPassword',
];

function serverErrorText(field: RegistrationField, error: ServerFieldError): string | undefined {
  if (error === 'busy') return busyText(field === 'email' ? 'email' : 'username');
  if (error === 'common') return i18n.t('errors.passwordTooCommon');
  return validationText(error);
}

/**
 * Registration (SPEC §2, §4, §5): name, e-mail, password twice; the name and e-mail are checked
 * for availability as the player types. Submitting opens Verify at once and sends the
 * registration; what was typed stays in the registration store for the way back.
 */
export function RegisterModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const open = useModalStore((state) => state.open);
  const register = useRegister();
  const saved = useRegistrationStore((state) => state.draft);
  const serverErrors = useRegistrationStore((state) => state.serverErrors);
  const [values, setValues] = useState<RegistrationDraft>(saved);
  const [touched, setTouched] = useState<Partial<Record<RegistrationField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const username = useAvailability('username', values.username);
  const email = useAvailability('email', values.email);
  const usernameNote = useAvailabilityNote('username', username.status);
  const emailNote = useAvailabilityNote('email', email.status);

  const errors = fieldErrors<RegistrationField>(registerRequestSchema, values);

  const errorOf = (field: RegistrationField): string | undefined => {
    if (submitted || touched[field]) {
      const local = validationText(errors[field]);
      if (local) return local;
    }
    // The server's word holds until the player changes that field.
    const server = serverErrors[field];
    if (server && values[field] === saved[field]) return serverErrorText(field, server);
    if (field === 'username' && username.status === 'busy') return busyText('username');
    if (field === 'email' && email.status === 'busy') return busyText('email');
    return undefined;
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = registerRequestSchema.safeParse(values);
    const firstBad = fieldOrder.find(
      (field) =>
        errors[field] ||
        (field === 'username' && username.status === 'busy') ||
        (field === 'email' && email.status === 'busy'),
    );
    if (!parsed.success || firstBad) {
      const input = firstBad ? event.currentTarget.elements.namedItem(firstBad) : null;
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    useRegistrationStore.getState().setDraft(parsed.data);
    open('verify');
    register.mutate({ payload: parsed.data, resend: false });
  };

  const bind = (field: RegistrationField) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: errorOf(field),
  });

  return (
    <Modal open onClose={close} title={t('modal.register.title')} name="register">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.lead}>{t('auth.register.lead')}</p>
        <TextField
          {...bind('username')}
          label={t('auth.username')}
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('auth.usernamePlaceholder')}
          note={usernameNote}
          testId="register-username"
        />
        <TextField
          {...bind('email')}
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('auth.emailPlaceholder')}
          note={emailNote}
          testId="register-email"
        />
        <PasswordField
          {...bind('password')}
          label={t('auth.password')}
          autoComplete="new-password"
          note={{
            tone: 'muted',
            text: t('auth.passwordHint', { passwordMin: passwordLimits.min }),
          }}
          testId="register-password"
        />
        <PasswordField
          {...bind('confirmPassword')}
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          testId="register-confirm"
        />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          className={styles.submit}
          data-testid="register-submit"
        >
          {t('auth.register.submit')}
        </Button>
        <p className={styles.terms}>{t('auth.register.terms')}</p>
      </form>
      <p className={styles.switch}>
        {t('modal.register.switchPrompt')}{' '}
        <button
          type="button"
          className={styles.link}
          onClick={() => open('login')}
          data-testid="register-switch"
        >
          {t('modal.register.switchAction')}
        </button>
      </p>
    </Modal>
  );
}

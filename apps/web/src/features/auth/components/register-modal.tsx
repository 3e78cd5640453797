import { passwordLimits, registerRequestSchema } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n/i18n';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { TextField } from '../../../shared/ui/field/text-field';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useRegister } from '../api/register';
import { busyText, useAvailability, useAvailabilityNote } from '../hooks/use-availability';
import { validationText } from '../../../shared/lib/form-validation';
import { fieldErrorText, useSchemaForm } from '../../../shared/lib/schema-form';
import {
  registrationFields,
  useRegistrationStore,
  type RegistrationDraft,
  type RegistrationField,
  type ServerFieldError,
} from '../registration-store';
import styles from './auth-form.module.css';
import { ModalSwitch, SubmitButton } from './form-parts';
import { AccountField } from './account-fields';
import { Form } from '../../../shared/ui/form/form';

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
  // Focus goes to the first field that is invalid or taken, which the schema alone cannot know.
  const {
    register: field,
    handleSubmit,
    watch,
    setFocus,
    formState,
  } = useSchemaForm(registerRequestSchema, saved, { shouldFocusError: false });
  const values: RegistrationDraft = watch();

  const username = useAvailability('username', values.username);
  const email = useAvailability('email', values.email);
  const usernameNote = useAvailabilityNote('username', username.status);
  const emailNote = useAvailabilityNote('email', email.status);
  const isBusy = (name: RegistrationField) =>
    (name === 'username' && username.status === 'busy') ||
    (name === 'email' && email.status === 'busy');

  const errorOf = (name: RegistrationField): string | undefined => {
    const local = fieldErrorText(formState.errors[name]);
    if (local) return local;
    // The server's word holds until the player changes that field.
    const server = serverErrors[name];
    if (server && values[name] === saved[name]) return serverErrorText(name, server);
    if (isBusy(name)) return busyText(name === 'email' ? 'email' : 'username');
    return undefined;
  };

  const focusFirstBad = (invalid: Partial<Record<RegistrationField, unknown>>) => {
    const first = registrationFields.find((name) => invalid[name] || isBusy(name));
    if (first) setFocus(first);
    return first;
  };

  const onSubmit = handleSubmit(
    (data) => {
      if (focusFirstBad({})) return;
      useRegistrationStore.getState().setDraft(data);
      open('verify');
      register.mutate({ payload: data, resend: false });
    },
    (invalid) => void focusFirstBad(invalid),
  );

  const bind = (name: Exclude<RegistrationField, 'acceptTerms'>) => ({
    ...field(name),
    error: errorOf(name),
  });
  const termsError = errorOf('acceptTerms');

  return (
    <Modal open onClose={close} title={t('modal.register.title')} name="register">
      <Form className={styles.form} onSubmit={onSubmit}>
        <p className={styles.lead}>{t('auth.register.lead')}</p>
        <AccountField
          kind="username"
          {...bind('username')}
          placeholder={t('auth.usernamePlaceholder')}
          note={usernameNote}
          testId="register-username"
        />
        <AccountField
          kind="email"
          {...bind('email')}
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
        <TextField
          {...bind('dateOfBirth')}
          label={t('auth.register.dateOfBirth')}
          type="date"
          autoComplete="bday"
          max={new Date().toISOString().slice(0, 10)}
          note={{ tone: 'muted', text: t('auth.register.ageHint') }}
          testId="register-dob"
        />
        <label className={styles.termsCheck}>
          <input
            type="checkbox"
            {...field('acceptTerms')}
            aria-invalid={termsError ? true : undefined}
            aria-describedby={termsError ? 'register-terms-message' : undefined}
            data-testid="register-terms"
          />
          <span>{t('auth.register.acceptTerms')}</span>
        </label>
        {termsError ? (
          <p id="register-terms-message" className={styles.codeError} role="alert">
            {termsError}
          </p>
        ) : null}
        <SubmitButton testId="register-submit">{t('auth.register.submit')}</SubmitButton>
      </Form>
      <ModalSwitch
        prompt={t('modal.register.switchPrompt')}
        action={t('modal.register.switchAction')}
        onClick={() => open('login')}
        testId="register-switch"
      />
    </Modal>
  );
}

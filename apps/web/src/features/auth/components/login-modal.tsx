import { loginRequestSchema } from '@casino/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { TextField } from '../../../shared/ui/field/text-field';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useLogin } from '../api/login';
import { fieldErrors, validationText } from '../../../shared/lib/form-validation';
import { useLoginDraftStore } from '../login-draft-store';
import styles from './auth-form.module.css';

type Field = 'email' | 'password';
const fieldOrder: readonly Field[] = ['email', 'password'];

/** Login (SPEC §2, §4): e-mail and password; on submit the modal closes, then login is sent. */
export function LoginModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const open = useModalStore((state) => state.open);
  const login = useLogin();
  // A failed login reopens this form with what was typed.
  const [values, setValues] = useState(() => {
    const draft = useLoginDraftStore.getState();
    return { email: draft.email, password: draft.password };
  });
  // Back after a failed login: the password is what usually needs retyping.
  const [restored] = useState(() => values.email !== '');
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);

  const errors = fieldErrors<Field>(loginRequestSchema, values);
  const errorOf = (field: Field) =>
    submitted || touched[field] ? validationText(errors[field]) : undefined;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    const parsed = loginRequestSchema.safeParse(values);
    if (!parsed.success) {
      const first = fieldOrder.find((field) => errors[field]);
      const input = first ? event.currentTarget.elements.namedItem(first) : null;
      if (input instanceof HTMLElement) input.focus();
      return;
    }
    useLoginDraftStore.getState().save(values);
    close();
    login.mutate(parsed.data);
  };

  const bind = (field: Field) => ({
    name: field,
    value: values[field],
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [field]: event.target.value })),
    onBlur: () => setTouched((current) => ({ ...current, [field]: true })),
    error: errorOf(field),
  });

  return (
    <Modal open onClose={close} title={t('modal.login.title')} name="login">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <p className={styles.lead}>{t('auth.login.lead')}</p>
        <TextField
          {...bind('email')}
          label={t('auth.email')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('auth.emailPlaceholder')}
          testId="login-email"
        />
        <PasswordField
          {...bind('password')}
          label={t('auth.password')}
          autoComplete="current-password"
          data-autofocus={restored ? true : undefined}
          testId="login-password"
        />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          block
          className={styles.submit}
          data-testid="login-submit"
        >
          {t('auth.login.submit')}
        </Button>
      </form>
      <p className={styles.switch}>
        {t('modal.login.switchPrompt')}{' '}
        <button
          type="button"
          className={styles.link}
          onClick={() => open('register')}
          data-testid="login-switch"
        >
          {t('modal.login.switchAction')}
        </button>
      </p>
    </Modal>
  );
}

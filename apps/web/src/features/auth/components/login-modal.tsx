import { loginRequestSchema } from '@casino/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, useSchemaForm } from '../../../shared/lib/schema-form';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { Modal } from '../../../shared/ui/modal/modal';
import { useModalStore } from '../../../shared/ui/modal/modal-store';
import { useLogin } from '../api/login';
import { useLoginDraftStore } from '../login-draft-store';
import styles from './auth-form.module.css';
import { ModalSwitch, SubmitButton } from './form-parts';
import { AccountField } from './account-fields';
import { Form } from '../../../shared/ui/form/form';

type Field = 'email' | 'password';

/** Login (SPEC §2, §4): e-mail and password; on submit the modal closes, then login is sent. */
export function LoginModal() {
  const { t } = useTranslation();
  const close = useModalStore((state) => state.close);
  const open = useModalStore((state) => state.open);
  const login = useLogin();
  // A failed login reopens this form with what was typed.
  const [draft] = useState(() => {
    const saved = useLoginDraftStore.getState();
    return { email: saved.email, password: saved.password };
  });
  // Back after a failed login: the password is what usually needs retyping.
  const restored = draft.email !== '';
  const { register, handleSubmit, getValues, formState } = useSchemaForm(loginRequestSchema, draft);

  const onSubmit = handleSubmit((credentials) => {
    useLoginDraftStore.getState().save(getValues());
    close();
    login.mutate(credentials);
  });

  const bind = (field: Field) => ({
    ...register(field),
    error: fieldErrorText(formState.errors[field]),
  });

  return (
    <Modal open onClose={close} title={t('modal.login.title')} name="login">
      <Form className={styles.form} onSubmit={onSubmit}>
        <p className={styles.lead}>{t('auth.login.lead')}</p>
        <AccountField
          kind="email"
          {...bind('email')}
          autoComplete="username"
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
        <button
          type="button"
          className={`${styles.link} ${styles.forgot}`}
          onClick={() => {
            // The reset form starts from the address typed here.
            useLoginDraftStore.getState().save({ email: getValues('email'), password: '' });
            open('forgotPassword');
          }}
          data-testid="login-forgot"
        >
          {t('auth.login.forgot')}
        </button>
        <SubmitButton testId="login-submit">{t('auth.login.submit')}</SubmitButton>
      </Form>
      <ModalSwitch
        prompt={t('modal.login.switchPrompt')}
        action={t('modal.login.switchAction')}
        onClick={() => open('register')}
        testId="login-switch"
      />
    </Modal>
  );
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { PasswordField } from '../../../shared/ui/field/password-field';
import { Modal } from '../../../shared/ui/modal/modal';
import { toast } from '../../../shared/ui/toast/toast-store';
import { endSession, useSecondFactorField } from '../../auth';
import { postClose } from '../api/identity';
import { closeAccountFormSchema, closeError, type CloseError } from '../lib/close-account';
import styles from './identity.module.css';
import { Form } from '../../../shared/ui/form/form';

/**
 * Closing the account (decision 053): the password, and the code while two-factor sign-in is
 * on. A refused code shows under its own field; any other refusal under the password.
 */
export function CloseAccountDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { register, handleSubmit, setError, formState } = useSchemaForm(closeAccountFormSchema, {
    password: '',
  });
  const secondFactor = useSecondFactorField('close-two-factor');
  const warningId = useId();
  const pending = formState.isSubmitting;

  const onSubmit = handleSubmit(async ({ password }) => {
    try {
      await postClose({ password, ...secondFactor.body });
      endSession('logout');
      toast.success(t('privacy.closed'));
      void navigate('/', { replace: true });
    } catch (error) {
      if (secondFactor.refused(error)) return;
      setError('password', { type: serverErrorType, message: t(`privacy.${closeError(error)}`) });
    }
  });

  return (
    <Modal open onClose={onClose} title={t('privacy.closeTitle')} name="close-account">
      <Form className={styles.dialog} onSubmit={onSubmit}>
        <p id={warningId} className={styles.warning}>
          {t('privacy.closeWarning')}
        </p>
        <PasswordField
          {...register('password')}
          label={t('privacy.password')}
          autoComplete="current-password"
          error={fieldErrorText(formState.errors.password, (key) =>
            t(`privacy.${key as CloseError}`),
          )}
          aria-describedby={warningId}
          data-autofocus
          testId="close-password"
        />
        {secondFactor.field}
        <div className={styles.actions}>
          <Button type="submit" variant="danger" pending={pending} data-testid="close-confirm">
            {t('privacy.confirm')}
          </Button>
          <Button type="button" variant="ghost" onClick={onClose} data-testid="close-cancel">
            {t('privacy.cancel')}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}

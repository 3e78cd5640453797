import type { TwoFactorSetupResponse } from '@casino/contracts';
import { Copy } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { CodeField } from '../../../shared/ui/code-field/code-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { useTwoFactorActions } from '../api/two-factor';
import { twoFactorSetupFormSchema } from '../lib/two-factor-forms';
import cards from './profile-cards.module.css';
import styles from './two-factor-card.module.css';
import { refuseCode, TwoFactorForm, TwoFactorFormActions } from './two-factor-form-actions';
import { useCopyText } from './use-copy-text';

// uqr comes only with the set-up step, never with the profile page itself.
const QrCode = lazy(() => import('../../../shared/ui/qr-code/qr-code'));

/** The QR code and the key, then the app's first code turns two-factor sign-in on. */
export function TwoFactorSetupForm({
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
  const copy = useCopyText();
  const { control, handleSubmit, setError, setValue, formState } = useSchemaForm(
    twoFactorSetupFormSchema,
    { code: '' },
  );
  const { field } = useController({ control, name: 'code' });
  const error = fieldErrorText(formState.errors.code);
  // The key in groups of four, as apps show it; copied without the spaces.
  const grouped = setup.secret.replace(/(.{4})/g, '$1 ').trim();

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const answer = await confirm.mutateAsync(code);
      toast.success(t('twoFactor.card.enabled'), t('twoFactor.card.toastTitle'));
      onCodes(answer.recovery_codes);
    } catch (failure) {
      console.warn('Two-factor was not turned on', failure);
      refuseCode(failure, (text) => {
        // The cells start empty again for the next code.
        setValue('code', '');
        setError('code', { type: serverErrorType, message: text });
      });
    }
  });

  return (
    <TwoFactorForm onSubmit={onSubmit} testId="two-factor-setup">
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
      <CodeField
        label={t('twoFactor.card.confirmLabel')}
        error={error}
        value={field.value}
        length={6}
        onChange={field.onChange}
        onBlur={field.onBlur}
        testId="two-factor-confirm-code"
      />
      <TwoFactorFormActions
        onCancel={onCancel}
        pending={confirm.isPending}
        submitLabel={t('twoFactor.card.confirm')}
        submitTestId="two-factor-confirm"
        cancelTestId="two-factor-cancel"
      />
    </TwoFactorForm>
  );
}

import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText, serverErrorType, useSchemaForm } from '../../../shared/lib/schema-form';
import { Button } from '../../../shared/ui/button/button';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { failedToast } from '../../../shared/ui/toast/failed-toast';
import { TwoFactorCodeField, twoFactorErrorText } from '../../auth';
import { useTwoFactorActions } from '../api/two-factor';
import {
  twoFactorFailed,
  twoFactorRegenerateFormSchema,
  twoFactorValidationText,
} from '../lib/two-factor-forms';
import cards from './profile-cards.module.css';
import styles from './two-factor-card.module.css';

/** New recovery codes for a code from the app (or one of the old recovery codes). */
export function TwoFactorRegenerateForm({
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
  const { control, handleSubmit, setError, formState } = useSchemaForm(
    twoFactorRegenerateFormSchema,
    { code: '' },
  );
  const { field } = useController({ control, name: 'code' });

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      onCodes((await regenerate.mutateAsync(code)).recovery_codes);
    } catch (failure) {
      console.warn('Recovery codes were not made', failure);
      const text = twoFactorErrorText(failure);
      if (text) setError('code', { type: serverErrorType, message: text });
      else failedToast(failure, twoFactorFailed);
    }
  });

  return (
    <form
      className={styles.setup}
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      data-testid="two-factor-regenerate-form"
    >
      <p className={cards.cardLead}>{t('twoFactor.card.regenerateLead')}</p>
      <TwoFactorCodeField
        value={field.value}
        onChange={field.onChange}
        error={fieldErrorText(formState.errors.code, twoFactorValidationText)}
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

import { useTranslation } from 'react-i18next';
import { Button } from '../../../shared/ui/button/button';
import cards from './profile-cards.module.css';

/** The card's forms end alike: Cancel, and the submit button, busy while the call runs. */
export function TwoFactorFormActions({
  onCancel,
  pending,
  submitLabel,
  submitTestId,
  cancelTestId,
}: {
  onCancel: () => void;
  pending: boolean;
  submitLabel: string;
  submitTestId: string;
  cancelTestId?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={cards.codeActions}>
      <Button variant="ghost" onClick={onCancel} data-testid={cancelTestId}>
        {t('twoFactor.card.cancel')}
      </Button>
      <Button type="submit" variant="primary" pending={pending} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </div>
  );
}

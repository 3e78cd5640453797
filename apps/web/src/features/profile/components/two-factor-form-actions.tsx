import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { failedToast } from '../../../shared/ui/toast/failed-toast';
import { twoFactorErrorText } from '../../auth';
import { twoFactorFailed } from '../lib/two-factor-forms';
import { CancelSubmit } from './code-step';
import cards from './profile-cards.module.css';
import styles from './two-factor-card.module.css';
import { Form } from '../../../shared/ui/form/form';

/** A form of the two-factor card: its frame, and the lead line above its fields when it has one. */
export function TwoFactorForm({
  onSubmit,
  testId,
  lead,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  testId: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <Form className={styles.setup} onSubmit={onSubmit} testId={testId}>
      {lead !== undefined && <p className={cards.cardLead}>{lead}</p>}
      {children}
    </Form>
  );
}

/** A code the server refused is said under the code field; any other failure in a toast. */
export function refuseCode(failure: unknown, showUnderCode: (text: string) => void): void {
  const text = twoFactorErrorText(failure);
  if (text) showUnderCode(text);
  else failedToast(failure, twoFactorFailed);
}

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
    <CancelSubmit
      cancelLabel={t('twoFactor.card.cancel')}
      onCancel={onCancel}
      cancelTestId={cancelTestId}
      submitLabel={submitLabel}
      pending={pending}
      submitTestId={submitTestId}
    />
  );
}

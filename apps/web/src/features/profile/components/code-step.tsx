import { Button } from '../../../shared/ui/button/button';
import cards from './profile-cards.module.css';

/** A profile code step ends alike: Cancel, and the submit button, busy while the call runs. */
export function CancelSubmit({
  cancelLabel,
  onCancel,
  cancelTestId,
  submitLabel,
  pending,
  submitTestId,
}: {
  cancelLabel: string;
  onCancel: () => void;
  cancelTestId?: string | undefined;
  submitLabel: string;
  pending: boolean;
  submitTestId: string;
}) {
  return (
    <div className={cards.codeActions}>
      <Button variant="ghost" onClick={onCancel} data-testid={cancelTestId}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="primary" pending={pending} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </div>
  );
}

import { X } from 'lucide-react';

interface CloseButtonProps {
  className: string | undefined;
  onClick: () => void;
  /** What a screen reader says ("Close", "Close chat"). */
  label: string;
  testId: string;
}

/** The cross that closes a panel (a modal, the chat): an icon button with its spoken name. */
export function CloseButton({ className, onClick, label, testId }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={className}
      onClick={onClick}
      aria-label={label}
      data-testid={testId}
    >
      <X size={20} aria-hidden="true" />
    </button>
  );
}

import { cryptoNetworks, type CryptoNetwork } from '@casino/contracts';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import { Button } from '../../../shared/ui/button/button';
import { Dropdown } from '../../../shared/ui/dropdown/dropdown';
import { TextField, type FieldNote } from '../../../shared/ui/field/text-field';
import { Spinner } from '../../../shared/ui/spinner/spinner';
import { toast } from '../../../shared/ui/toast/toast-store';
import { amountErrorOf, submissionErrorText } from '../lib/submission-errors';
import type { AmountLimits } from '../lib/validation';

/**
 * What the cashier's four forms (card and crypto, deposit and withdrawal) have alike: the sum
 * field under its limits, the network box, the submit button busy while a submission runs,
 * and what a refused submission shows.
 */

/** "From $10.00 to $5,000.00" under the sum. */
export function useLimitsNote(limits: AmountLimits): FieldNote {
  const { t } = useTranslation();
  const language = useLanguage();
  return {
    tone: 'muted',
    text: t('cashier.sumNote', {
      min: formatMoney(limits.min, language),
      max: formatMoney(limits.max, language),
    }),
  };
}

/** The sum in dollars: a decimal keyboard, nothing remembered by the browser. */
export function SumField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('cashier.sum')}
      inputMode="decimal"
      autoComplete="off"
      placeholder="100"
      {...props}
    />
  );
}

/** ETH when the gateway takes it (SPEC §4: the default), else its first network. */
export const defaultNetwork = (networks: readonly CryptoNetwork[]): CryptoNetwork =>
  networks.includes('ETH') ? 'ETH' : (networks[0] ?? 'ETH');

/** The networks the gateway takes, in the contract's order. */
export function NetworkDropdown({
  networks,
  value,
  onChange,
  testId,
}: {
  networks: readonly CryptoNetwork[];
  value: CryptoNetwork;
  onChange: (next: CryptoNetwork) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Dropdown
      label={t('cashier.net')}
      value={value}
      options={cryptoNetworks
        .filter((network) => networks.includes(network))
        .map((network) => ({ value: network, label: network }))}
      onChange={onChange}
      testId={testId}
    />
  );
}

/** The form's one submit button: disabled, with a spinner, while its submission runs. */
export function CashierSubmit({
  busy,
  testId,
  children,
}: {
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" variant="primary" size="lg" block disabled={busy} data-testid={testId}>
      {busy && <Spinner size={16} />}
      {children}
    </Button>
  );
}

/**
 * Shows a refused submission: a refused amount goes to `onAmount` (the sum's message), and
 * the refusal is told in a toast.
 */
export function useRefusal() {
  const { t } = useTranslation();
  return (error: unknown, onAmount: (message: string) => void) => {
    const amount = amountErrorOf(error);
    if (amount) onAmount(amount);
    toast.error(submissionErrorText(error), t('cashier.status.toastTitle'));
  };
}

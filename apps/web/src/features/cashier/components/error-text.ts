import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/i18n';
import { formatMoney } from '../../../shared/lib/format';
import type { AmountLimits, CashierErrorKey } from '../lib/validation';

/** The translated text of a cashier rule's key, with the limits and network it names. */
export function useErrorText(limits: AmountLimits, net?: string) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (key: CashierErrorKey | undefined): string | undefined =>
    key === undefined
      ? undefined
      : t(`cashier.errors.${key}`, {
          min: formatMoney(limits.min, language),
          max: formatMoney(limits.max, language),
          net: net ?? '',
        });
}

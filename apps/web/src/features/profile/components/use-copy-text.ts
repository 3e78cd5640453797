import { useTranslation } from 'react-i18next';
import { failedToast } from '../../../shared/ui/toast/failed-toast';
import { toast } from '../../../shared/ui/toast/toast-store';
import { twoFactorFailed } from '../lib/two-factor-forms';

/** Copies a text (the key, the recovery codes) and says so in a toast. */
export function useCopyText() {
  const { t } = useTranslation();
  return async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(t('twoFactor.card.copied'), t('twoFactor.card.toastTitle'));
    } catch (error) {
      console.warn('Copy failed', error);
      failedToast(error, twoFactorFailed);
    }
  };
}

import { i18n } from '../../i18n/i18n';
import { apiErrorText } from '../../lib/api-error-text';
import { toast } from './toast-store';

/** The texts of one screen's failure toast, in the player's language when asked. */
export interface FailedToastTexts {
  title: () => string;
  /** The message with the reason. */
  reason: (reason: string) => string;
  /** The message when there is nothing more specific to say than "something went wrong". */
  generic?: () => string;
}

/**
 * The red toast of a call that failed, with the reason in the player's language
 * (apiErrorText), or the screen's own short message when the reason is only the generic one.
 */
export function failedToast(
  error: unknown,
  texts: FailedToastTexts,
  reason = apiErrorText(error),
): void {
  const plain = texts.generic && reason === i18n.t('errors.generic') ? texts.generic : undefined;
  toast.error(plain ? plain() : texts.reason(reason), texts.title());
}

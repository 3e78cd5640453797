import { rgErrorCodes } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client';
import { errorText } from '../../../shared/api/error-text';

/**
 * A refused change, said clearly: the server's 409 RG_NOT_ALLOWED (staff tried to raise or
 * lift what is in force) in the staff member's language; any other failure as the app says it.
 */
export function RgRefusal({ error }: { error: unknown }) {
  const { t, i18n } = useTranslation();
  if (!error) return null;
  const notAllowed = isApiError(error) && error.code === rgErrorCodes.RG_NOT_ALLOWED;
  return (
    <p className="banner banner-error" role="alert" data-testid="rg-refusal">
      {notAllowed ? t('rg.notAllowed') : errorText(t, (key) => i18n.exists(key), error)}
    </p>
  );
}

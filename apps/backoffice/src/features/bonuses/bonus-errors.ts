import type { FieldError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

/**
 * The bonus forms' own messages (keys of `bonusAdmin.errors`) as text the field shows as it is;
 * any other error (zod's codes, the server's) goes to the shared field's usual wording.
 */
export function useBonusErrors(): (error: FieldError | undefined) => FieldError | undefined {
  const { t, i18n } = useTranslation();
  return (error) => {
    if (!error || error.type === 'server' || !error.message) return error;
    const key = `bonusAdmin.errors.${error.message}`;
    if (!i18n.exists(key)) return error;
    return { ...error, type: 'server', message: t(key as 'bonusAdmin.errors.amount') };
  };
}

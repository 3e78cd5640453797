import { authErrorCodes } from '@casino/contracts';
import { useTranslation } from 'react-i18next';
import { i18n } from '../../../shared/i18n/i18n';
import { isApiError } from '../../../shared/lib/api-client';
import { TextField } from '../../../shared/ui/field/text-field';

interface TwoFactorCodeFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  testId: string;
}

/**
 * The code a sensitive action asks for while two-factor sign-in is on (e-mail change,
 * withdrawal): six digits from the authenticator app or a recovery code. The texts come with
 * registerTwoFactorMessages(), which the screen that shows it calls.
 */
export function TwoFactorCodeField({ value, onChange, error, testId }: TwoFactorCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('twoFactor.field.label')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      note={{ tone: 'muted', text: t('twoFactor.field.note') }}
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={32}
      placeholder="123456"
      testId={testId}
    />
  );
}

/** The field's message for a refused action (403 TWO_FACTOR_REQUIRED, 400 TWO_FACTOR_INVALID). */
export function twoFactorErrorText(error: unknown): string | undefined {
  if (!isApiError(error)) return undefined;
  if (error.code === authErrorCodes.TWO_FACTOR_REQUIRED) return i18n.t('twoFactor.field.required');
  if (error.code === authErrorCodes.TWO_FACTOR_INVALID) return i18n.t('twoFactor.field.invalid');
  return undefined;
}

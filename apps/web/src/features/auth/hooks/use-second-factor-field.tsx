import { useState } from 'react';
import { registerTwoFactorMessages } from '../../../shared/i18n/two-factor/register';
import { useTwoFactorStatus } from '../api/two-factor-status';
import { useAuthStore } from '../auth-store';
import { TwoFactorCodeField, twoFactorErrorText } from '../components/two-factor-code-field';

/**
 * The code a gated action asks for while two-factor sign-in is on (docs/decisions/051: the
 * withdrawal forms, the account's closure, an e-mail change): the field, what goes into the
 * request, and the refusal shown under the field instead of a toast. Nothing while it is off,
 * nor while `asked` is false (a form whose gated part is untouched: the e-mail unchanged).
 */
export function useSecondFactorField(testId: string, { asked = true }: { asked?: boolean } = {}) {
  // Here, not at the module's top: the auth entry re-exports this hook, and a top-level call
  // would put the two-factor texts in the first download.
  registerTwoFactorMessages();
  const userId = useAuthStore((state) => state.user?.id);
  const status = useTwoFactorStatus(userId);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const enabled = status.data?.enabled === true && asked;
  const trimmed = code.trim();

  return {
    field: enabled ? (
      <TwoFactorCodeField
        value={code}
        onChange={(next) => {
          setCode(next);
          setError(undefined);
        }}
        error={error}
        testId={testId}
      />
    ) : null,
    /** Part of the submission's signature: a new code is a new attempt. */
    signature: enabled ? trimmed : '',
    body: enabled && trimmed !== '' ? { twoFactorCode: trimmed } : {},
    /** True when the code was what the server refused (shown under the field). */
    refused(failure: unknown): boolean {
      const text = twoFactorErrorText(failure);
      if (text) setError(text);
      return text !== undefined;
    },
    clear: () => setCode(''),
  };
}

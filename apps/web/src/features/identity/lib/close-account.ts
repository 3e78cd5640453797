import { accountErrorCodes, authErrorCodes } from '@casino/contracts';
import { z } from 'zod';
import { isApiError } from '../../../shared/lib/api-client';

/** What the closure's password field can say (the `privacy.*` keys of its message). */
export type CloseError = 'wrongPassword' | 'balanceNotZero' | 'withdrawalPending' | 'closeFailed';

/** The closure's confirmation: the password, which an empty field cannot be. */
export const closeAccountFormSchema = z.object({
  password: z.string().min(1, { error: 'wrongPassword' satisfies CloseError }),
});

/** Why the server refused the closure, as the password field says it. */
export function closeError(error: unknown): CloseError {
  if (!isApiError(error)) return 'closeFailed';
  if (error.code === authErrorCodes.WRONG_PASSWORD) return 'wrongPassword';
  if (error.code === accountErrorCodes.CLOSE_BALANCE_NOT_ZERO) return 'balanceNotZero';
  if (error.code === accountErrorCodes.CLOSE_WITHDRAWAL_PENDING) return 'withdrawalPending';
  return 'closeFailed';
}

import { rgLimitKindSchema, rgLimitPeriodSchema } from '@casino/contracts';
import { z } from 'zod';

/**
 * The limit form: the contract's kinds and periods, the amount as the API's dollars (the
 * contract's rule, with this feature's message key: `rg.form.invalidAmount`).
 */
export const limitFormSchema = z.object({
  kind: rgLimitKindSchema,
  period: rgLimitPeriodSchema,
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'rg.form.invalidAmount' }),
});
export type LimitFormValues = z.input<typeof limitFormSchema>;

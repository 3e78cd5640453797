import { cryptoNetworks } from '@casino/contracts';
import { z } from 'zod';
import { validateCardForm, validateCryptoForm, type AmountLimits } from './validation';

/**
 * The cashier's rules (`validation.ts`, tested on the SPEC's examples) as the zod schemas the
 * forms validate with (decision 038). The limits come from the configuration, so a schema is
 * built per form from them; each issue's message is a `cashier.errors` key.
 */
export function withIssues<V extends object>(
  validate: (values: V) => Partial<Record<string, string | undefined>>,
) {
  return (values: V, context: z.RefinementCtx) => {
    for (const [field, key] of Object.entries(validate(values))) {
      if (key) context.addIssue({ code: 'custom', path: [field], message: key });
    }
  };
}

export function cardFormSchema(limits: AmountLimits) {
  return z
    .object({
      sum: z.string(),
      name: z.string(),
      expiry: z.string(),
      card: z.string(),
      cvv: z.string(),
    })
    .superRefine(withIssues((values) => validateCardForm(values, limits)));
}

/** Deposit: the sum and the network; withdrawal (`withAddress`): the address too. */
export function cryptoFormSchema(limits: AmountLimits, options: { withAddress: boolean }) {
  return z
    .object({ sum: z.string(), net: z.enum(cryptoNetworks), transferAdress: z.string() })
    .superRefine(withIssues((values) => validateCryptoForm(values, limits, options)));
}

/** A withdrawal to a saved card: the sum only, with the card form's message when it is empty. */
export function cardWithdrawalSchema(limits: AmountLimits) {
  return z.object({ sum: z.string() }).superRefine(
    withIssues(({ sum }: { sum: string }) => {
      const errors = validateCryptoForm({ sum, net: 'ETH', transferAdress: '' }, limits, {
        withAddress: false,
      });
      // The card form's own message for a missing sum (SPEC §5 "Sum is reqired").
      return { sum: errors.sum === 'sumRequired' ? 'sumReqired' : errors.sum };
    }),
  );
}

import { z } from 'zod';
import { validateCardPay, type CardPayValues } from './card-pay-validation';
import { withIssues } from './form-schemas';

// Its own module: the CardPay rules read the phone library, which must come with the modal
// only (decision 036), not with the deposit page that imports the other schemas.

/** The CardPay modal (SPEC §3 card payment form); its messages are `cashier.pay.errors` keys. */
export function cardPaySchema() {
  return z
    .object({
      name: z.string(),
      cardNumber: z.string(),
      month: z.number().nullable(),
      year: z.number().nullable(),
      cvc: z.string(),
      email: z.string(),
      // The phone input's own value (country, text, digits, extension): checked as a whole.
      phone: z.custom<CardPayValues['phone']>(),
    })
    .superRefine(withIssues((values: CardPayValues) => validateCardPay(values)));
}

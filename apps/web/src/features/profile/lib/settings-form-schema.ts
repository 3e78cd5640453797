import { emailSchema, usernameSchema } from '@casino/contracts';
import { z } from 'zod';

/**
 * A settings field may be left empty (SPEC §5: both are optional, an empty one is not saved);
 * anything typed must pass the contract's own rule, with the contract's message key.
 */
function emptyOr(schema: z.ZodType<string, string>) {
  return z.string().superRefine((raw, context) => {
    if (raw.trim() === '') return;
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      context.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'invalid' });
    }
  });
}

/** The account settings form: what is typed stays raw; the save normalises a changed value. */
export const settingsFormSchema = z.object({
  username: emptyOr(usernameSchema),
  email: emptyOr(emailSchema),
});

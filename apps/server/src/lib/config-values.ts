import { z } from 'zod';

/**
 * The kinds of value the environment variables take, each with the one message a bad value
 * gets. config.ts and the features' configuration parts (`<name>-config.ts`) build their
 * schemas from these, so the same kind of variable is read and refused the same way.
 */

/** true/false, 1/0, yes/no. */
export const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], {
    error: 'must be true or false',
  })
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** A whole number from min to max, both included. */
export const wholeNumber = (min: number, max: number) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(min, { error: `must be at least ${min}` })
    .max(max, { error: `must be at most ${max}` });

// Secrets sign tokens and key the one-time-code hashes: short ones can be brute-forced offline.
export const secret = z.string().min(32, { error: 'must be at least 32 characters long' });

/** An http:// or https:// address. */
export const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });

/** An http(s) address that paths are appended to: read without its trailing slashes. */
export const baseUrl = httpUrl.transform((value) => value.replace(/\/+$/, ''));

/** A dollar amount as typed by an operator, e.g. 2000.00 (read exactly, never as a float). */
export const dollarAmount = (example: string, what = 'an amount') =>
  z.string().regex(/^\d{1,9}(\.\d{1,2})?$/, {
    error: `must be ${what} in dollars with at most two decimals, e.g. ${example}`,
  });

/** An IANA zone name the runtime knows (PostgreSQL's zone names are the same database). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return /^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(value);
  } catch {
    return false;
  }
}

/** The values a configuration part's environment shape reads. */
export type EnvOf<Shape extends z.ZodRawShape> = z.output<z.ZodObject<Shape>>;

/** What each variable's line in the README's configuration table says. */
export type VariableDocs<Name extends string> = Record<
  Name,
  { default: string; description: string }
>;

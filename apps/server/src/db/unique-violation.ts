/**
 * The constraint a failed insert or update broke with a unique violation (SQLSTATE 23505),
 * or undefined for any other error. Drizzle wraps the driver's error (node-postgres and
 * PGlite both name the constraint) in `cause`.
 */
export function uniqueViolation(error: unknown): string | undefined {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
    if (typeof current !== 'object') break;
  }
  return undefined;
}

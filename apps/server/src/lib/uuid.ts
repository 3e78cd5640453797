const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` is a UUID in its text form: checked before one reaches a `::uuid` cast,
 * where anything else is a database error instead of a clear answer.
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

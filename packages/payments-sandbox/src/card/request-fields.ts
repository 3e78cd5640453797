/** What the card API accepts in a request's fields, and its answer to a field it refuses. */

/** An amount in minor units (cents), 50 to 99,999,999. */
export const minorAmount = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 50 && value <= 99_999_999
    ? value
    : undefined;
export const currencyOf = (value: unknown): string | undefined =>
  typeof value === 'string' && /^[a-z]{3}$/.test(value) ? value : undefined;
export function metadataOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(
    Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
}
export function withQuery(url: string, name: string, value: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;
}

/** 400 naming the refused field, as the modelled API answers. */
export function invalid(param: string, message: string) {
  return { status: 400, body: { error: { type: 'invalid_request_error', param, message } } };
}

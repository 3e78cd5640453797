import { limits } from '@casino/contracts';

/**
 * The next page of an accumulating list, or undefined at the end: after page 10
 * (limits.maxGamePage, SPEC §9) or once a page came back short or the server said it was last.
 */
export function nextGamePage(
  page: number,
  received: number,
  totalPages?: number,
  pageSize: number = limits.gamePageSize,
): number | undefined {
  if (page >= limits.maxGamePage) return undefined;
  if (totalPages !== undefined) return page < totalPages ? page + 1 : undefined;
  return received >= pageSize ? page + 1 : undefined;
}

import { limits } from '@casino/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { api, type ResponseSchema } from '../../../shared/lib/api-client';

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

/**
 * A provider's list that accumulates pages (SPEC §2: "Add More Games", up to page 10): one GET
 * of `path` a page, in the lobby's currency and page size. `next` reads the page after `last`
 * (undefined at the end) from what the provider's answer carries.
 */
export function accumulatingGamesOptions<Page>(list: {
  provider: string;
  path: string;
  schema: ResponseSchema<Page>;
  next: (last: Page, page: number) => number | undefined;
}) {
  const fetchPage = (page: number, signal?: AbortSignal): Promise<Page> =>
    api.get(list.path, {
      query: { currency: limits.currency, page, limit: limits.gamePageSize },
      schema: list.schema,
      signal,
    });
  return (viewer: string) =>
    infiniteQueryOptions({
      queryKey: ['games', list.provider, { viewer }] as const,
      queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
      initialPageParam: 1,
      getNextPageParam: (last: Page, _all, page: number) => list.next(last, page),
    });
}

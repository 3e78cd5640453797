import { useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * SPEC §4: "Switching route clears the list and resets to page 1". When the page that shows an
 * accumulating list goes away (or its filters change), the cached list keeps only its first
 * page: coming back starts from page 1 again, at once from the cache rather than from
 * skeletons, and any page still loading is cancelled.
 */
export function useFirstPageOnLeave(queryKey: QueryKey): void {
  const queryClient = useQueryClient();
  // The key by value: a new array with the same filters is the same list.
  const hash = JSON.stringify(queryKey);

  useEffect(() => {
    const key = JSON.parse(hash) as QueryKey;
    return () => {
      void queryClient.cancelQueries({ queryKey: key, exact: true }).finally(() => {
        queryClient.setQueryData<InfiniteData<unknown, unknown>>(key, (data) =>
          data && data.pages.length > 1
            ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }
            : data,
        );
      });
    };
  }, [queryClient, hash]);
}

import {
  walletTransactionsResponseSchema,
  type WalletTransaction,
  type WalletTransactionsResponse,
} from '@casino/contracts';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../shared/lib/api-client';

/** Rows per page of the balance page's statement. */
export const transactionsPageSize = 20;

/**
 * GET /wallet/transactions: one keyset page of the signed-in player's movements, newest
 * first; `before` is the previous page's `next_before`. Checked against the contract.
 */
export function fetchTransactions(
  before: string | undefined,
  signal?: AbortSignal,
): Promise<WalletTransactionsResponse> {
  return api.get('/wallet/transactions', {
    query: { limit: transactionsPageSize, before },
    schema: walletTransactionsResponseSchema,
    ...(signal ? { signal } : {}),
  });
}

type Pages = InfiniteData<WalletTransactionsResponse, string | undefined>;

/** Per player: another player signing in on this tab never sees the previous statement. */
export const transactionsOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: ['wallet', 'transactions', userId] as const,
    queryFn: ({ pageParam, signal }) => fetchTransactions(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: WalletTransactionsResponse) => last.next_before ?? undefined,
    // Money moves with every spin: a visit always reads the statement again.
    staleTime: 0,
  });

export function useTransactions(userId: string) {
  return useInfiniteQuery(transactionsOptions(userId));
}

/**
 * Puts the newest movements on top of a statement already on screen, reading only the first
 * page: the rows newer than the newest shown are prepended and the older pages stay as they
 * are (keyset pages do not shift). With one page loaded, or when the newest page does not
 * reach the rows shown (more than a page of news), or while another fetch is running, the
 * query is simply refetched.
 */
export function mergeNewest(pages: Pages, fresh: WalletTransactionsResponse): Pages | null {
  const newest = pages.pages[0]?.data[0];
  if (!newest) return null;
  const newestId = BigInt(newest.id);
  const news: WalletTransaction[] = [];
  let reached = false;
  for (const row of fresh.data) {
    if (BigInt(row.id) <= newestId) {
      reached = true;
      break;
    }
    news.push(row);
  }
  if (!reached && fresh.next_before !== null) return null;
  if (news.length === 0) return pages;
  const [first, ...rest] = pages.pages;
  if (!first) return null;
  return { ...pages, pages: [{ ...first, data: [...news, ...first.data] }, ...rest] };
}

/** Refreshes the statement's newest rows (after a balance change). */
export function useRefreshNewest(userId: string): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const { queryKey } = transactionsOptions(userId);
    const pages = queryClient.getQueryData<Pages>(queryKey);
    if (!pages) return; // not loaded yet: the running first fetch reads the news anyway
    const refetchAll = () => queryClient.refetchQueries({ queryKey, exact: true });
    if (pages.pages.length <= 1 || queryClient.isFetching({ queryKey, exact: true }) > 0) {
      await refetchAll();
      return;
    }
    let fresh: WalletTransactionsResponse;
    try {
      fresh = await fetchTransactions(undefined);
    } catch {
      return; // the next change (or a visit) tries again
    }
    // A page that arrived meanwhile was added to the data we merge into.
    const current = queryClient.getQueryData<Pages>(queryKey);
    const merged = current ? mergeNewest(current, fresh) : null;
    if (merged) queryClient.setQueryData<Pages>(queryKey, merged);
    else await refetchAll();
  }, [queryClient, userId]);
}

import type { Me } from '@casino/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { getAccessTokenRenewer } from '../../../shared/lib/access-token-renewer';
import { meQueryKey, meQueryOptions, readAccessToken, useAuthStore } from '../../auth';
import { startBalanceStream } from './balance-stream';

/*
 * The lazily loaded half of the live balance (use-live-balance.ts loads it once a player is
 * signed in): the stream client and the refetch of GET /user/me.
 */

/**
 * Writes a balance where the shell reads it: the auth store (header, sidebar) and the `me`
 * query's cache (profile pages). Only for the player the stream was opened for.
 */
export function applyBalance(
  queryClient: QueryClient,
  userId: string,
  balance: string,
  bonus?: string,
): void {
  const { user, isAuth, updateUser } = useAuthStore.getState();
  if (!isAuth || user?.id !== userId) return;
  if (user.balance !== balance || (bonus !== undefined && user.bonus !== bonus)) {
    updateUser(bonus === undefined ? { balance } : { balance, bonus });
  }
  queryClient.setQueryData<Me>(meQueryKey, (old) => {
    if (!old || old.id !== userId) return old;
    if (bonus === undefined) return old.balance !== balance ? { ...old, balance } : old;
    if (old.balance === balance && old.bonus === bonus) return old;
    return { ...old, balance, bonus, cash: cashOf(balance, bonus) };
  });
}

/** balance − bonus, exactly, on the decimal strings (thousandths as bigint). */
function cashOf(balance: string, bonus: string): string {
  const milli = (v: string) => {
    const [whole = '0', frac = ''] = v.split('.');
    return BigInt(whole) * 1000n + BigInt(frac.padEnd(3, '0')) * (whole.startsWith('-') ? -1n : 1n);
  };
  const cash = milli(balance) - milli(bonus);
  const sign = cash < 0n ? '-' : '';
  const abs = cash < 0n ? -cash : cash;
  const frac = (abs % 1000n).toString().padStart(3, '0');
  return `${sign}${abs / 1000n}.${frac.endsWith('0') ? frac.slice(0, 2) : frac}`;
}

/** Opens the stream for the signed-in player; returns stop(). */
export function startLiveBalance(queryClient: QueryClient, userId: string): () => void {
  return startBalanceStream({
    getToken: readAccessToken,
    renewToken: (failed) => {
      const renew = getAccessTokenRenewer();
      return renew ? renew(failed) : Promise.reject(new Error('No token refresh installed'));
    },
    onBalance: ({ balance, bonus }) => applyBalance(queryClient, userId, balance, bonus),
  });
}

/**
 * Reads GET /user/me again (its query function updates the store): the fallback for a stream
 * that is down, run when the player leaves the game frame or comes back to the window. Calls
 * while one is on its way (focus and visibilitychange fire together) share it: fetchQuery
 * joins the running fetch.
 */
export async function refreshBalance(queryClient: QueryClient): Promise<void> {
  if (!useAuthStore.getState().isAuth) return;
  try {
    await queryClient.fetchQuery({ ...meQueryOptions, staleTime: 0 });
  } catch {
    // Offline or signed out meanwhile: the next focus (or the stream) tries again.
  }
}

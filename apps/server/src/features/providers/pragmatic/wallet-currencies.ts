import type { Ledger } from '../../wallet';

const maxEntries = 50_000;

/**
 * The currency of a player's wallet, which a win must name but Pragmatic's calls do not carry
 * (promoWin aside). A wallet's currency is set when it is made and nothing changes it, so it
 * is remembered per process: a result then costs one statement (the posting) instead of two.
 * Should a currency ever change, the posting says CurrencyMismatch and the caller asks again
 * with `forget`. Bounded: past `maxEntries` the memory starts over.
 */
export function walletCurrencies(wallet: Ledger) {
  const known = new Map<string, string>();
  return {
    /** The wallet's currency; UnknownPlayer when there is no wallet. */
    async of(userId: string): Promise<string> {
      const cached = known.get(userId);
      if (cached !== undefined) return cached;
      const { currency } = await wallet.getBalance(userId);
      if (known.size >= maxEntries) known.clear();
      known.set(userId, currency);
      return currency;
    },
    /** A currency a posting just succeeded with: the wallet's own. */
    remember(userId: string, currency: string): void {
      if (known.has(userId)) return;
      if (known.size >= maxEntries) known.clear();
      known.set(userId, currency);
    },
    forget(userId: string): void {
      known.delete(userId);
    },
  };
}

export type WalletCurrencies = ReturnType<typeof walletCurrencies>;

/**
 * Wallet balances are integers of thousandths (wallets.balance); each protocol has its own
 * unit, converted here at the adapter's edge with BigInt only.
 */

/** Endorphina's unit is thousandths: the balance as a JSON integer. */
export function thousandthsNumber(thousandths: bigint): number {
  const n = Number(thousandths);
  if (!Number.isSafeInteger(n)) throw new RangeError('balance beyond the safe integer range');
  return n;
}

/**
 * "12.34": two decimals, rounded DOWN to the cent. Pragmatic and GB Games count in cents, and
 * a provider must never believe the player has more than they do.
 */
export function centsText(thousandths: bigint): string {
  const negative = thousandths < 0n;
  const magnitude = negative ? -thousandths : thousandths;
  const cents = (negative ? magnitude + 9n : magnitude) / 10n;
  const whole = cents / 100n;
  const fraction = (cents % 100n).toString().padStart(2, '0');
  return `${negative && cents !== 0n ? '-' : ''}${whole.toString()}.${fraction}`;
}

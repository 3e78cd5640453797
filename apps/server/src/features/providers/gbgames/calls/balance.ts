import { gbCents } from '../wallet-answers';
import { notLive, tokenSession, type WalletCall, type WalletCallDeps } from '../wallet-calls';
import type { GbMessage } from '../wallet-params';

/** balance (§5.1): the wallet's balance and currency, for a live token only. */
export function balanceCall({
  sessions,
}: WalletCallDeps): WalletCall<GbMessage & { type: 'balance' }> {
  return async (message) => {
    const token = await tokenSession(sessions, message);
    if (!token.ok) return token.answer;
    const { found } = token;
    if (found.kind !== 'ok') return notLive(found.kind);
    return {
      ok: true,
      body: {
        status: 'OK',
        balance: gbCents(found.session.balance),
        currency: found.session.currency,
      },
    };
  };
}

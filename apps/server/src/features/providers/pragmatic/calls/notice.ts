import type { WalletCall } from '../wallet-calls';
import { success } from '../wallet-answers';
import { required } from '../wallet-params';

/**
 * Notices Pragmatic sends only when the operator asks for them at integration time:
 * roundDetails (a round's details, after its endRound) and session/expired (the player's game
 * session ended at the provider). Neither reads nor moves money, and nothing here depends on
 * them (a Pragmatic bet is judged by our own launch, decision 032); both are answered with
 * success once the hash is good, so that switching them on never produces failures at the
 * provider.
 */
export function noticeCall(): WalletCall {
  return (params) => {
    const p = required(params, ['providerId']);
    return Promise.resolve(p.ok ? success({}) : p.answer);
  };
}

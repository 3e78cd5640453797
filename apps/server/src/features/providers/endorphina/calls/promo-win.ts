import { isUuid } from '../../../../lib/uuid';
import { endoRefusal } from '../wallet-answers';
import { optionalGame, parsedCall, posted, provider } from '../wallet-calls';
import { parsePromoWin } from '../wallet-params';

/** promoWin: a promotion's prize, credited to `player` (no token), keyed on its `id`. */
export const promoWinCall = parsedCall(parsePromoWin, async (call, { wallet }) => {
  if (!isUuid(call.player)) return endoRefusal('TOKEN_NOT_FOUND', 'unknown player');
  // No token: `player` is our user id (as `session` told the studio), credited in the
  // wallet's own currency. An unknown player is UnknownPlayer → TOKEN_NOT_FOUND.
  return posted(async () => {
    const { currency } = await wallet.getBalance(call.player);
    return wallet.postWin({
      userId: call.player,
      amount: call.amount,
      currency,
      provider,
      operation: 'promoWin',
      txId: call.id,
      ...optionalGame(call.game),
      ...(call.roundId === undefined ? {} : { roundId: call.roundId }),
    });
  });
});

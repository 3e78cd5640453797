import { creditCall } from '../win-postings';

/**
 * promoWin: a campaign's prize (tournament, prize drop), in the currency it names, which must
 * be the wallet's.
 */
export const promoWinCall = creditCall('promoWin');

import { creditCall } from '../win-postings';

/**
 * jackpotWin: a jackpot's prize, credited in the wallet's currency.
 */
export const jackpotWinCall = creditCall('jackpotWin');

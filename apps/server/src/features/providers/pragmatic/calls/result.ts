import { creditCall } from '../win-postings';

/**
 * result: the round's win (0.00 after a losing bet), and its prize drop if any; it lands
 * whatever became of the game session.
 */
export const resultCall = creditCall('result');

/** The wallet feature's public entry (decision 034): the live balance the shell shows. */
export { ChangingBalance } from './live-balance/changing-balance';
export { useLiveBalance } from './live-balance/use-live-balance';

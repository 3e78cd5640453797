/**
 * Titles of the studios' table and instant games (each is named after its game): every other
 * studio title is a slot, the one game with a spin button (decision 041).
 */
export const NOT_A_SLOT = /Roulette|Blackjack|Baccarat|Crash|Mines|Plinko|Keno/;

/**
 * One Pragmatic title of each table and instant game type (the studio's catalog is generated
 * deterministically, so the ids are stable).
 */
export const TABLE_GAMES: readonly [type: string, gameId: string][] = [
  ['roulette', 'tblglitterroulette'],
  ['blackjack', 'tblbubblyblackjack'],
  ['baccarat', 'tblglitterbaccarat'],
  ['crash', 'inxpopcorncrash'],
  ['mines', 'inxpinwheelmines'],
  ['plinko', 'inxtoucanplinko'],
  ['keno', 'inxflamingokeno'],
];

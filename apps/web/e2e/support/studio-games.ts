/**
 * Titles of the studios' table and instant games (each is named after its game): every other
 * studio title is a slot, the one game with a spin button (decision 041).
 */
export const NOT_A_SLOT = /Roulette|Blackjack|Baccarat|Crash|Mines|Plinko|Keno/;

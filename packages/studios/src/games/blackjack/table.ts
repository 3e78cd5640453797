import type { Rng } from '../../shared/rng';
import { Shoe, type Card } from '../cards';
import { BLACKJACK_DECKS, cardValue, dealerStands, handTotal, isBlackjack } from './rules';

export interface BlackjackHand {
  cards: Card[];
  /** The hand's stake, doubled included, in thousandths. */
  stake: number;
  doubled: boolean;
  done: boolean;
  /** A hand of a split (its 21 is not a blackjack). */
  split: boolean;
}

export type BlackjackPhase = 'insurance' | 'player' | 'over';
export type BlackjackMove = 'hit' | 'stand' | 'double' | 'split';

/**
 * One round at the table, without money: the caller takes each extra stake (insurance,
 * double, split) from the wallet first and only then applies the move. Cards come from a
 * shoe shuffled for this round (rules.ts states the rules and the deal order).
 */
export class BlackjackTable {
  readonly dealer: Card[] = [];
  readonly hands: BlackjackHand[];
  active = 0;
  phase: BlackjackPhase = 'player';
  /** The insurance stake taken (0 when declined or not offered). */
  insurance = 0;
  /** The player's decisions in order, enough with the seeds to replay the round. */
  readonly log: string[] = [];
  private readonly shoe: Shoe;

  constructor(
    rng: Rng,
    readonly stake: number,
  ) {
    this.shoe = new Shoe(rng, BLACKJACK_DECKS);
    const first = this.shoe.draw();
    this.dealer.push(this.shoe.draw());
    const second = this.shoe.draw();
    this.dealer.push(this.shoe.draw());
    this.hands = [{ cards: [first, second], stake, doubled: false, done: false, split: false }];
    if (cardValue(this.dealer[0]!) === 1) this.phase = 'insurance';
    else this.peek();
  }

  get dealerHasBlackjack(): boolean {
    return isBlackjack(this.dealer);
  }

  /** Insurance costs half the stake; taking it or not, the dealer then peeks. */
  insure(take: boolean): void {
    if (this.phase !== 'insurance') throw new Error('blackjack: no insurance offered');
    this.insurance = take ? this.stake / 2 : 0;
    this.log.push(take ? 'insurance' : 'no-insurance');
    this.peek();
  }

  private peek(): void {
    const up = cardValue(this.dealer[0]!);
    const dealerBj = (up === 1 || up === 10) && this.dealerHasBlackjack;
    if (dealerBj || isBlackjack(this.hands[0]!.cards)) {
      this.hands[0]!.done = true;
      this.phase = 'over';
    } else {
      this.phase = 'player';
    }
  }

  get hand(): BlackjackHand | undefined {
    return this.phase === 'player' ? this.hands[this.active] : undefined;
  }

  canDouble(): boolean {
    const hand = this.hand;
    return !!hand && hand.cards.length === 2 && !(hand.split && cardValue(hand.cards[0]!) === 1);
  }

  canSplit(): boolean {
    const hand = this.hand;
    return (
      !!hand &&
      this.hands.length === 1 &&
      hand.cards.length === 2 &&
      cardValue(hand.cards[0]!) === cardValue(hand.cards[1]!)
    );
  }

  /** The extra stake a move needs from the wallet before it is applied. */
  costOf(move: BlackjackMove): number {
    return move === 'double' || move === 'split' ? (this.hand?.stake ?? 0) : 0;
  }

  allowed(): BlackjackMove[] {
    if (this.phase !== 'player') return [];
    const moves: BlackjackMove[] = ['hit', 'stand'];
    if (this.canDouble()) moves.push('double');
    if (this.canSplit()) moves.push('split');
    return moves;
  }

  move(move: BlackjackMove): void {
    const hand = this.hand;
    if (!hand || !this.allowed().includes(move)) throw new Error(`blackjack: ${move} not allowed`);
    this.log.push(move);
    switch (move) {
      case 'hit':
        hand.cards.push(this.shoe.draw());
        if (handTotal(hand.cards).total >= 21) hand.done = true;
        break;
      case 'stand':
        hand.done = true;
        break;
      case 'double':
        hand.stake *= 2;
        hand.doubled = true;
        hand.cards.push(this.shoe.draw());
        hand.done = true;
        break;
      case 'split': {
        const second = hand.cards.pop()!;
        hand.split = true;
        this.hands.push({
          cards: [second],
          stake: hand.stake,
          doubled: false,
          done: false,
          split: true,
        });
        hand.cards.push(this.shoe.draw());
        if (cardValue(hand.cards[0]!) === 1) {
          // Split aces take one card each.
          hand.done = true;
          this.hands[1]!.cards.push(this.shoe.draw());
          this.hands[1]!.done = true;
        } else if (handTotal(hand.cards).total === 21) {
          hand.done = true;
        }
        break;
      }
    }
    this.advance();
  }

  /** The interrupted round's rule: every hand still open stands (insurance is declined). */
  standAll(): void {
    if (this.phase === 'insurance') this.insure(false);
    while (this.phase === 'player') this.move('stand');
  }

  private advance(): void {
    while (this.hands[this.active]?.done) {
      this.active += 1;
      const next = this.hands[this.active];
      if (next && next.cards.length === 1) {
        next.cards.push(this.shoe.draw());
        if (handTotal(next.cards).total === 21) next.done = true;
      }
    }
    if (this.active < this.hands.length) return;
    // The dealer plays only if a hand is still standing.
    if (this.hands.some((h) => handTotal(h.cards).total <= 21)) {
      while (!dealerStands(this.dealer)) this.dealer.push(this.shoe.draw());
    }
    this.phase = 'over';
  }

  /** Everything staked in the round: the hands (doubles and split included) and insurance. */
  get totalStaked(): number {
    return this.hands.reduce((sum, h) => sum + h.stake, this.insurance);
  }

  /**
   * The finished round as recorded for the verifier (fair/replay.ts builds the same): the
   * hands, and every card in the order the shoe dealt it, which is what the seeds reproduce.
   */
  summary(): { dealer: Card[]; hands: Card[][]; cards: Card[]; staked: number; win: number } {
    return {
      dealer: [...this.dealer],
      hands: this.hands.map((h) => [...h.cards]),
      cards: this.shoe.dealtCards(),
      staked: this.totalStaked,
      win: this.totalReturn(),
    };
  }

  /** What the round returns, stakes included, once it is over. */
  totalReturn(): number {
    if (this.phase !== 'over') throw new Error('blackjack: round not over');
    const dealerBj = this.dealerHasBlackjack;
    let total = dealerBj ? this.insurance * 3 : 0;
    const dealer = handTotal(this.dealer).total;
    for (const hand of this.hands) total += this.handReturn(hand, dealerBj, dealer);
    return total;
  }

  handReturn(hand: BlackjackHand, dealerBj: boolean, dealer: number): number {
    const playerBj = !hand.split && isBlackjack(hand.cards);
    if (dealerBj) return playerBj ? hand.stake : 0;
    if (playerBj) return (hand.stake * 5) / 2;
    const total = handTotal(hand.cards).total;
    if (total > 21) return 0;
    if (dealer > 21 || total > dealer) return hand.stake * 2;
    return total === dealer ? hand.stake : 0;
  }
}

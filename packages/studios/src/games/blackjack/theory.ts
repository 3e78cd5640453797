/**
 * Blackjack's theoretical RTP under the table's rules (rules.ts), computed exactly for an
 * infinite deck (each card value independent: ace–nine 1/13 each, ten-values 4/13), with the
 * optimal strategy that the same computation yields. The game deals a six-deck shoe
 * shuffled for each round; the simulation in rtp.test.ts plays this strategy on it and lands
 * within its tolerance of this number (a finite shoe differs by a few hundredths of a point).
 */
export type Action = 'hit' | 'stand' | 'double' | 'split';

const P = [0, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 1 / 13, 4 / 13];
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];

/** Adds a card value to a (total, soft) pair. */
function add(total: number, soft: boolean, v: number): [number, boolean] {
  let t = total + v;
  let s = soft;
  if (v === 1 && t + 10 <= 21) {
    t += 10;
    s = true;
  }
  if (t > 21 && s) {
    t -= 10;
    s = false;
  }
  return [t, s];
}

/** Dealer's final totals [17, 18, 19, 20, 21, bust] given its up card, no blackjack. */
function dealerDistribution(up: number): number[] {
  const dist = [0, 0, 0, 0, 0, 0];
  const walk = (total: number, soft: boolean, p: number): void => {
    if (total > 21) {
      dist[5]! += p;
      return;
    }
    if (total >= 17) {
      dist[total - 17]! += p;
      return;
    }
    for (const v of VALUES) {
      const [t, s] = add(total, soft, v);
      walk(t, s, p * P[v]!);
    }
  };
  // The hole card, given that the dealer (who peeked) has no blackjack.
  const excluded = up === 1 ? 10 : up === 10 ? 1 : 0;
  const norm = 1 - (excluded ? P[excluded]! : 0);
  const [t0, s0] = add(0, false, up);
  for (const v of VALUES) {
    if (v === excluded) continue;
    const [t, s] = add(t0, s0, v);
    walk(t, s, P[v]! / norm);
  }
  return dist;
}

export interface BlackjackStrategy {
  /** Best action for a hand: total, soft, whether it may double, pair value if it may split. */
  decide(up: number, total: number, soft: boolean, canDouble: boolean, pair: number): Action;
}

export interface BlackjackTheory {
  /** Return per unit of the initial stake, in percent, with optimal infinite-deck play. */
  rtpPercent: number;
  strategy: BlackjackStrategy;
}

export function blackjackTheory(): BlackjackTheory {
  const standEv: number[][] = []; // [up][total] for totals 4..21
  const hitEv: Map<string, number>[] = [];
  for (let up = 1; up <= 10; up++) {
    const d = dealerDistribution(up);
    const row: number[] = [];
    for (let total = 0; total <= 21; total++) {
      let ev = d[5]!;
      for (let k = 0; k < 5; k++) {
        const dealer = 17 + k;
        ev += total > dealer ? d[k]! : total < dealer ? -d[k]! : 0;
      }
      row[total] = ev;
    }
    standEv[up] = row;
    hitEv[up] = new Map();
  }
  const stand = (up: number, total: number): number =>
    total > 21 ? -1 : standEv[up]![Math.max(total, 0)]!;
  // Best of hit and stand from (total, soft), no double or split any more.
  const play = (up: number, total: number, soft: boolean): number => {
    if (total > 21) return -1;
    const key = `${total}${soft ? 's' : 'h'}`;
    const memo = hitEv[up]!;
    const known = memo.get(key);
    if (known !== undefined) return known;
    const best = Math.max(stand(up, total), hit(up, total, soft));
    memo.set(key, best);
    return best;
  };
  const hit = (up: number, total: number, soft: boolean): number => {
    let ev = 0;
    for (const v of VALUES) {
      const [t, s] = add(total, soft, v);
      ev += P[v]! * play(up, t, s);
    }
    return ev;
  };
  const double = (up: number, total: number, soft: boolean): number => {
    let ev = 0;
    for (const v of VALUES) ev += P[v]! * 2 * stand(up, add(total, soft, v)[0]);
    return ev;
  };
  const firstTwo = (up: number, total: number, soft: boolean): number =>
    Math.max(stand(up, total), hit(up, total, soft), double(up, total, soft));
  const split = (up: number, pair: number): number => {
    const [t0, s0] = add(0, false, pair);
    let ev = 0;
    for (const v of VALUES) {
      const [t, s] = add(t0, s0, v);
      // Split aces take one card and stand; other split hands play on, doubling allowed.
      ev += P[v]! * (pair === 1 ? stand(up, t) : firstTwo(up, t, s));
    }
    return 2 * ev;
  };

  const decisions = new Map<number, Action>();
  const strategy: BlackjackStrategy = {
    decide(up, total, soft, canDouble, pair) {
      // Memoised: a simulation asks the same few hundred questions a million times.
      const key = (((up * 32 + total) * 2 + (soft ? 1 : 0)) * 2 + (canDouble ? 1 : 0)) * 16 + pair;
      const known = decisions.get(key);
      if (known) return known;
      const options: [Action, number][] = [
        ['stand', stand(up, total)],
        ['hit', hit(up, total, soft)],
      ];
      if (canDouble) options.push(['double', double(up, total, soft)]);
      if (pair) options.push(['split', split(up, pair)]);
      const best = options.reduce((a, b) => (b[1] > a[1] ? b : a))[0];
      decisions.set(key, best);
      return best;
    },
  };

  let ev = 0;
  for (const up of VALUES) {
    const dealerBj = up === 1 ? P[10]! : up === 10 ? P[1]! : 0;
    for (const a of VALUES) {
      for (const b of VALUES) {
        const p = P[up]! * P[a]! * P[b]!;
        const [t1, s1] = add(0, false, a);
        const [total, soft] = add(t1, s1, b);
        if (total === 21) {
          ev += p * (1 - dealerBj) * 1.5;
          continue;
        }
        let best = firstTwo(up, total, soft);
        if (a === b) best = Math.max(best, split(up, a));
        ev += p * (-dealerBj + (1 - dealerBj) * best);
      }
    }
  }
  return { rtpPercent: (1 + ev) * 100, strategy };
}

import type { BonusOffer, PlayerBonus } from '@casino/contracts';
import { formatMoney } from '../wallet';
import type { OfferRow, PlayerBonusRow } from './bonus-repository';

const money = (v: bigint | null): string | null => (v === null ? null : formatMoney(v));

/**
 * An offer as the page shows it, with whether this player may claim it now, and whether the
 * claim would queue behind the open bonus.
 */
export function offerView(
  offer: OfferRow,
  reason: BonusOffer['reason'],
  queues: boolean,
): BonusOffer {
  return {
    id: offer.id,
    kind: offer.kind,
    title: offer.title,
    terms: offer.terms,
    amount: money(offer.amount),
    match_percent: offer.matchPercent,
    max_bonus: money(offer.maxBonus),
    min_deposit: money(offer.minDeposit),
    wagering_multiplier: offer.wageringMultiplier,
    wagering_base: offer.wageringBase,
    contributions: offer.contributions,
    max_bet: formatMoney(offer.maxBet),
    valid_days: offer.validDays,
    max_cashout: money(offer.maxCashout),
    claimable: reason === null,
    reason,
    queues: reason === null && queues,
  };
}

/**
 * A player's bonus. `wagered` (its row's running sum) and `pocket` are given only for an
 * active bonus; an ended one shows its wagering as complete or as it was required.
 */
export function playerBonusView(
  row: PlayerBonusRow,
  offer: OfferRow | undefined,
  live: {
    wagered: bigint | null;
    pocket: bigint;
    forfeit: { bonus: bigint; winnings: bigint; total: bigint } | null;
  },
): PlayerBonus {
  const required = row.wageringRequired;
  const wagered = live.wagered ?? (row.status === 'completed' ? required : 0n);
  const percent =
    required === 0n
      ? row.status === 'awaiting_deposit' || row.status === 'queued'
        ? 0
        : 100
      : Number((wagered * 100n) / required);
  return {
    id: row.id.toString(),
    offer_id: row.offerId,
    kind: row.kind,
    title: offer?.title ?? { en: row.offerId, ru: row.offerId },
    status: row.status,
    amount: formatMoney(row.amount),
    balance: formatMoney(row.status === 'active' ? live.pocket : 0n),
    wagered: formatMoney(wagered < required ? wagered : required),
    wagering_required: formatMoney(required),
    percent: Math.min(100, Math.max(0, percent)),
    max_bet: formatMoney(row.maxBet),
    max_cashout: money(row.maxCashout),
    contributions: row.contributions,
    match_percent: row.matchPercent,
    max_bonus: money(row.maxBonus),
    min_deposit: money(row.minDeposit),
    claimed_at: row.claimedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    ended_at: row.endedAt?.toISOString() ?? null,
    converted_amount: money(row.convertedAmount),
    forfeited_amount: money(row.forfeitedAmount),
    withdrawal_forfeit: live.forfeit && {
      bonus: formatMoney(live.forfeit.bonus),
      winnings: formatMoney(live.forfeit.winnings),
      total: formatMoney(live.forfeit.total),
    },
  };
}

import type { Clock } from '../../lib/clock';
import { toDecimalString } from '../wallet';
import type { RgConfig } from './rg-config';
import type { RgRepository } from './rg-repository';

export type RgFlag = {
  flag: 'net_deposits' | 'many_raises' | 'declined_deposits' | 'night_play';
  detail: string;
};

const days30 = 30 * 24 * 3_600_000;
/** Distinct nights (bets between 00:00 and 06:00 UTC) in 30 days from which play is flagged. */
export const nightPlayDays = 5;

const dollars = (thousandths: bigint) =>
  toDecimalString(thousandths, { scale: 2, rounding: 'floor' });

/**
 * The operator's flags of one player over 30 rolling days (decision 070): net deposits over
 * the configured amount (an affordability check), many limit raises or removals, many
 * declined deposits (failed, or refused by a limit), night-time play. Reads only.
 */
export async function playerFlags(
  repo: RgRepository,
  config: RgConfig,
  clock: Clock,
  userId: string,
): Promise<RgFlag[]> {
  const since = new Date(clock.now().getTime() - days30);
  const [net, raises, failed, refused, nights] = await Promise.all([
    repo.netDepositsSince(userId, since),
    repo.countChanges(
      userId,
      ['limit_raise_requested', 'limit_removal_requested', 'session_limit_raise_requested'],
      since,
    ),
    repo.failedDepositsSince(userId, since),
    repo.countChanges(userId, ['deposit_refused'], since),
    repo.nightPlayDaysSince(userId, since),
  ]);
  const flags: RgFlag[] = [];
  if (net > config.flags.netDeposits) {
    flags.push({
      flag: 'net_deposits',
      detail: `net deposits $${dollars(net)} in 30 days (threshold $${dollars(config.flags.netDeposits)})`,
    });
  }
  if (raises >= config.flags.limitRaises) {
    flags.push({ flag: 'many_raises', detail: `${raises} limit raises or removals in 30 days` });
  }
  if (failed + refused >= config.flags.declinedDeposits) {
    flags.push({
      flag: 'declined_deposits',
      detail: `${failed + refused} declined deposits in 30 days (${refused} by a limit)`,
    });
  }
  if (nights >= nightPlayDays) {
    flags.push({
      flag: 'night_play',
      detail: `play between 00:00 and 06:00 UTC on ${nights} days`,
    });
  }
  return flags;
}

import type { ReportGrouping, ReportRow } from '@casino/contracts';
import { formatMoney } from '../wallet';
import { bonusMetrics, type SummaryRow } from './reports-repository';

/**
 * A summary row as the API answers it, with the derived figures of decision 075:
 * GGR = stakes − refunds − wins − provider adjustments;
 * bonus cost = bonus converted + bonus stakes − bonus refunds − bonus wins;
 * NGR = GGR − bonus cost; net deposits = deposits − withdrawals requested + rejected.
 */
export function reportRowView(row: SummaryRow, by: ReportGrouping): ReportRow {
  const n = (text: string) => BigInt(text);
  const ggr = n(row.stakes) - n(row.refunds) - n(row.wins) - n(row.provider_adjustments);
  const bonusCost =
    n(row.bonus_converted) + n(row.bonus_stakes) - n(row.bonus_refunds) - n(row.bonus_wins);
  const netDeposits = n(row.deposits) - n(row.withdrawals) + n(row.withdrawals_returned);
  return {
    period_start: row.period_start,
    provider: by === 'provider' || by === 'game' ? row.key : null,
    game_id: by === 'game' ? row.key2 || null : null,
    country: by === 'country' ? row.key || null : null,
    currency: row.currency,
    stakes: formatMoney(row.stakes),
    rounds: Number(row.bets),
    refunds: formatMoney(row.refunds),
    refunds_count: Number(row.refunds_count),
    wins: formatMoney(row.wins),
    provider_adjustments: formatMoney(row.provider_adjustments),
    ggr: formatMoney(ggr),
    bonus_stakes: formatMoney(row.bonus_stakes),
    bonus_refunds: formatMoney(row.bonus_refunds),
    bonus_wins: formatMoney(row.bonus_wins),
    bonus_granted: formatMoney(row.bonus_granted),
    bonus_converted: formatMoney(row.bonus_converted),
    bonus_forfeited: formatMoney(row.bonus_forfeited),
    bonus_cost: formatMoney(bonusCost),
    ngr: formatMoney(ggr - bonusCost),
    active_players: Number(row.active_players),
    deposits: formatMoney(row.deposits),
    deposits_count: Number(row.deposits_count),
    first_deposits: formatMoney(row.first_deposits),
    first_deposits_count: Number(row.first_deposits_count),
    withdrawals_requested: formatMoney(row.withdrawals),
    withdrawals_requested_count: Number(row.withdrawals_count),
    withdrawals_paid: formatMoney(row.withdrawals_paid),
    withdrawals_paid_count: Number(row.withdrawals_paid_count),
    withdrawals_rejected: formatMoney(row.withdrawals_returned),
    withdrawals_rejected_count: Number(row.withdrawals_returned_count),
    net_deposits: formatMoney(netDeposits),
    operator_adjustments: formatMoney(row.operator_adjustments),
  };
}

/** The CSV's columns: the row's fields in order, the same names as the JSON. */
export const csvColumns: readonly (keyof ReportRow)[] = [
  'period_start',
  'provider',
  'game_id',
  'country',
  'currency',
  'stakes',
  'rounds',
  'refunds',
  'refunds_count',
  'wins',
  'provider_adjustments',
  'ggr',
  ...bonusMetrics,
  'bonus_cost',
  'ngr',
  'active_players',
  'deposits',
  'deposits_count',
  'first_deposits',
  'first_deposits_count',
  'withdrawals_requested',
  'withdrawals_requested_count',
  'withdrawals_paid',
  'withdrawals_paid_count',
  'withdrawals_rejected',
  'withdrawals_rejected_count',
  'net_deposits',
  'operator_adjustments',
];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; a leading
 * =, +, - or @ of a text (not a number) is prefixed with ' so a spreadsheet never runs it.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text)) {
    text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly (string | number | null)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

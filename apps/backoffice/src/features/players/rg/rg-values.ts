import type { TFunction } from 'i18next';
import { formatDateTime, formatMoney } from '../../../shared/lib/format';

/**
 * How the history's old and new values read (the server records them as they are stored:
 * amounts in thousandths of a dollar, block ends as ISO times, minutes as numbers).
 */
const permanentYear = 9999;

/** "30000" (thousandths) → "30.00"; anything else as it came. */
export function dollarsOfThousandths(value: string): string {
  if (!/^-?\d+$/.test(value)) return value;
  const negative = value.startsWith('-');
  const cents = BigInt(value.replace('-', '')) / 10n;
  const text = `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

export function describeValue(value: unknown, t: TFunction, language: string): string {
  if (value === null || value === undefined) return '—';
  if (!isRecord(value)) return JSON.stringify(value);
  const { kind, period, amount, minutes, until, available, limit } = value;
  if ((kind === 'deposit' || kind === 'loss' || kind === 'wager') && typeof period === 'string') {
    const money =
      amount === null ? t('rg.removed') : formatMoney(dollarsOfThousandths(text(amount)));
    return `${t(`rg.kinds.${kind}`)} · ${t(`rg.periods.${period}` as 'rg.periods.day')} · ${money}`;
  }
  if (kind === 'time_out' || kind === 'self_exclusion') {
    return blockText(kind, typeof until === 'string' ? until : null, t, language);
  }
  if ('minutes' in value) {
    return minutes === null || minutes === undefined
      ? '—'
      : t('rg.minutes', { count: Number(minutes) });
  }
  if (amount !== undefined && (available !== undefined || limit !== undefined)) {
    const main = formatMoney(dollarsOfThousandths(text(amount)));
    if (available !== undefined) {
      return `${main} (${t('rg.available', { amount: formatMoney(dollarsOfThousandths(text(available))) })})`;
    }
    return `${main} / ${formatMoney(dollarsOfThousandths(text(limit)))}`;
  }
  return JSON.stringify(value);
}

export function blockText(
  kind: 'time_out' | 'self_exclusion',
  until: string | null,
  t: TFunction,
  language: string,
): string {
  const name = t(`rg.blockKinds.${kind}`);
  if (until === null || new Date(until).getUTCFullYear() >= permanentYear) {
    return t('rg.blockPermanent', { kind: name });
  }
  return t('rg.blockUntil', { kind: name, until: formatDateTime(until, language) });
}

/** Who made a change: the player, a staff member ("staff:<name>"), the operator's default. */
export function actorText(actor: string, t: TFunction, exists: (key: string) => boolean): string {
  if (actor.startsWith('staff:')) return actor.slice('staff:'.length);
  const key = `rg.actors.${actor}`;
  return exists(key) ? t(key as 'rg.actors.player') : actor;
}

export function actionText(action: string, t: TFunction, exists: (key: string) => boolean): string {
  const key = `rg.actions.${action}`;
  return exists(key) ? t(key as 'rg.actions.limit_set') : action;
}

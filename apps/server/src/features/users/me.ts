import { limits, type Me } from '@casino/contracts';
import { formatMoney } from '../wallet';
import type { ProfileRow } from './profile-repository';

export const avatarUrlPrefix = '/api/avatars/';

/** The allow-listed view of an account its owner sees (GET /user/me and friends). */
export function toMe(row: ProfileRow): Me {
  if (row.currency !== limits.currency) {
    throw new Error(`wallet of ${row.id} is in ${row.currency}, not ${limits.currency}`);
  }
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    avatar: row.avatar === null ? null : `${avatarUrlPrefix}${row.avatar}`,
    balance: formatMoney(row.balance),
    currency: limits.currency,
    created_at: row.createdAt.toISOString(),
    cash: formatMoney(row.balance - row.bonusBalance),
    bonus: formatMoney(row.bonusBalance),
  };
}

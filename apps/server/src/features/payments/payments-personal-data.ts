import { accountErrorCodes } from '@casino/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { payments } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { exportedTime, type PersonalDataOwner } from '../../lib/personal-data';
import { paymentView } from './payment-view';

/** Withdrawal statuses on their way: the money left the balance but is not paid yet. */
const withdrawalsUnderway = ['requested', 'pending', 'processing'] as const;

/**
 * The payments feature's owner of personal data (privacy calls it). Every
 * payment is exported and kept (the record of money moved, decision 053); an account closes
 * only with no withdrawal on its way.
 */
export const paymentsPersonalData: PersonalDataOwner = {
  name: 'payments',
  tables: [payments],
  async export(userId, db) {
    const rows = await db
      .select()
      .from(payments)
      .where(eq(payments.userId, userId))
      .orderBy(asc(payments.createdAt));
    return {
      payments: rows.map((row) => ({
        ...paymentView(row),
        created_at: exportedTime(row.createdAt),
      })),
    };
  },
  async assertClosable(userId, tx) {
    const underway = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.userId, userId),
          eq(payments.direction, 'withdrawal'),
          inArray(payments.status, [...withdrawalsUnderway]),
        ),
      );
    if (underway.length === 0) return;
    throw new AppError(
      409,
      accountErrorCodes.CLOSE_WITHDRAWAL_PENDING,
      'A withdrawal is still on its way: close the account once it is paid or cancelled.',
    );
  },
};

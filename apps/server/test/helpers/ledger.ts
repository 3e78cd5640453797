import { expect } from 'vitest';
import type { Database } from '../../src/db/database';
import {
  checkLedger,
  formatLedgerReport,
  type LedgerCheckReport,
} from '../../src/features/wallet/ledger-check';

/**
 * Asserts every ledger invariant holds (`npm run ledger:check`'s checks), naming what broke
 * when one does not; returns the report for a test's own assertions on the counts.
 */
export async function expectLedgerClean(db: Database): Promise<LedgerCheckReport> {
  const report = await checkLedger(db);
  expect(report.ok, formatLedgerReport(report)).toBe(true);
  return report;
}

import type { DatabaseControl } from '../../db/database';
import { createPeriodicJob } from '../../lib/periodic-job';
import { PaymentProviderUnavailable } from './card/card-provider';
import type { Clock } from '../../lib/clock';
import type { Logger } from '../../lib/logger';
import type { PaymentRow } from './payments-repository';
import type { PaymentsService } from './payments-service';

export interface ReconciliationReport {
  /** Rows looked at (untouched for longer than staleAfterMs). */
  checked: number;
  /** Rows moved to where the ledger or the service says they are. */
  settled: number;
  /** Card deposits whose charge the service does not know (left as they are, logged). */
  unknown: number;
  /** Rows that could not be looked at this time (the service or the database failed). */
  failed: number;
}

export interface Reconciliation {
  /** One pass over the unfinished rows, now. */
  runOnce(): Promise<ReconciliationReport>;
  /** Runs soon after start-up, then every interval; timers are unref'd. */
  start(): void;
  /** No more runs; resolves once a run already under way has finished. */
  stop(): Promise<void>;
}

export interface ReconciliationOptions {
  service: Pick<PaymentsService, 'reconcile' | 'unfinished'>;
  clock: Clock;
  logger: Logger;
  /** With several instances on one database, each run happens on one. */
  withClusterLock?: DatabaseControl['withClusterLock'];
  /** Between runs; default five minutes. */
  intervalMs?: number;
  /** Before the first run, so start-up is not slowed; default a minute. */
  firstDelayMs?: number;
  /** Only rows untouched for this long: no request or webhook is still working on them. */
  staleAfterMs?: number;
  /** At most this many rows per run (the rest wait for the next). */
  maxPerRun?: number;
}

const pageSize = 100;

/**
 * The cashier's reconciliation (issue 17, decision 055): payments a stopped process, a lost
 * database connection or a webhook that never came left half-way — a card deposit credited
 * but still "pending", or charged at the service but never told us; a withdrawal debited but
 * still "requested"; a cancelled withdrawal whose money did not come back — put right from
 * the ledger and the card service's own record. Every step is one the live code takes anyway
 * (the same postings, keyed by the payment id, and the same conditional status moves), so a
 * pass racing a webhook or a player's repeat changes nothing twice.
 */
export function createReconciliation(options: ReconciliationOptions): Reconciliation {
  const { service, clock, logger } = options;
  const intervalMs = options.intervalMs ?? 5 * 60_000;
  const firstDelayMs = options.firstDelayMs ?? 60_000;
  const staleAfterMs = options.staleAfterMs ?? 10 * 60_000;
  const maxPerRun = options.maxPerRun ?? 1_000;

  const runOnce = async (): Promise<ReconciliationReport> => {
    const report: ReconciliationReport = { checked: 0, settled: 0, unknown: 0, failed: 0 };
    const before = new Date(clock.now().getTime() - staleAfterMs);
    let after: PaymentRow | undefined;
    while (report.checked < maxPerRun) {
      const page = await service.unfinished(before, after, pageSize);
      for (const payment of page) {
        report.checked += 1;
        try {
          const outcome = await service.reconcile(payment);
          if (outcome === 'settled') report.settled += 1;
          if (outcome === 'unknown') {
            report.unknown += 1;
            logger.warn(
              { paymentId: payment.id, providerRef: payment.providerRef },
              'reconciliation: the card service does not know this charge',
            );
          }
        } catch (err) {
          report.failed += 1;
          if (err instanceof PaymentProviderUnavailable) {
            logger.warn({ paymentId: payment.id, err }, 'reconciliation: no answer');
          } else {
            logger.error({ paymentId: payment.id, err }, 'reconciliation failed');
          }
        }
      }
      if (page.length < pageSize) break;
      after = page.at(-1);
    }
    if (report.settled > 0 || report.failed > 0) {
      logger.info({ reconciliation: report }, 'payments reconciled');
    }
    return report;
  };

  const job = createPeriodicJob({
    name: 'payments-reconciliation',
    run: async () => {
      await runOnce();
    },
    withClusterLock: options.withClusterLock,
    intervalMs,
    firstDelayMs,
    onError: (err) => logger.error({ err }, 'reconciliation: run failed'),
  });

  return { runOnce, start: job.start, stop: job.stop };
}

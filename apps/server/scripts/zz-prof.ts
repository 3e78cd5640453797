import { pino } from 'pino';
import { openPostgres } from '../src/db/postgres-connection';
import { createReportsJob } from '../src/features/reports/reports-job';
import { createReportsService } from '../src/features/reports/reports-service';
import { systemClock } from '../src/lib/clock';
const db = openPostgres({ url: 'postgres://postgres@127.0.0.1:5432/reports_prof', max: 4 });

const job = createReportsJob({ db, clock: systemClock, logger: pino({ level: 'silent' }), timeZone: 'UTC' });
let t = performance.now();
const r = await job.runOnce({ maxBatches: 1e9 });
console.log('job', r.ids, performance.now() - t);
const s = createReportsService({ db, timeZone: 'UTC' });
for (const by of ['all', 'game'] as const) for (const period of ['day', 'month'] as const) {
  for (let i = 0; i < 3; i++) {
    t = performance.now();
    const x = await s.summary({ from: '2025-01-01', to: '2025-12-31', period, by });
    console.log(by, period, x.rows.length, (performance.now() - t).toFixed(0));
  }
}
await db.close();

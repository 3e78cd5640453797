import { staffRoutes, type StaffRouteId } from '@casino/contracts/operator';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChain, formatAuditReport } from '../../src/features/staff/audit-log';
import { createPlayer, type SignedInPlayer } from '../helpers/players';
import { testDatabaseDriver } from '../helpers/test-database';
import { auditScenarios, type Scenario } from './audit-scenarios';
import {
  asStaff,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from './staff-helpers';

/**
 * Every route that changes something (and every audited read) leaves an audit row: the test
 * walks the route table, so a new changing route without a scenario here fails. Then the hash
 * chain holds, and audit:check's walk finds a row edited behind the triggers' back.
 */

interface AuditRow extends Record<string, unknown> {
  action: string;
  actor_id: string;
  actor_kind: string;
}

describe(`audit log (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let admin: StaffMember;
  let player: SignedInPlayer;
  let scenarios: Partial<Record<StaffRouteId, Scenario>>;

  beforeAll(async () => {
    t = await buildStaffApp();
    admin = await createStaff(t, ['admin']);
    player = await createPlayer(t);
    scenarios = auditScenarios(t, admin, player);
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    asStaff(t, admin, method, url, payload);

  const audited = (Object.keys(staffRoutes) as StaffRouteId[]).filter(
    (id) => staffRoutes[id].audit !== 'none',
  );

  it('has a scenario for every route that changes something or reads sensitive data', () => {
    expect(Object.keys(scenarios).sort()).toEqual([...audited].sort());
  });

  it('writes an audit row naming the actor for each', async () => {
    for (const id of audited) {
      const scenario = scenarios[id];
      if (!scenario) throw new Error(`no scenario for ${id}`);
      const { rows: before } = await t.db.execute<{ id: string }>(
        sql`select coalesce(max(id), 0)::text as id from staff_audit_log`,
      );
      const result = await scenario({ admin, player });
      expect(result.status, `${id}: ${result.body}`).toBeGreaterThanOrEqual(200);
      expect(result.status, `${id}: ${result.body}`).toBeLessThan(300);
      const { rows } = await t.db.execute<AuditRow>(
        sql`select action, actor_id, actor_kind from staff_audit_log
            where id > ${before[0]?.id ?? '0'}::bigint order by id`,
      );
      const actor = result.actor ?? admin.id;
      expect(
        rows.some((r) => r.actor_id === actor),
        `${id}: ${JSON.stringify(rows)}`,
      ).toBe(true);
    }
  }, 180_000);

  it('the chain holds; the table refuses edits; an edit made anyway is found', async () => {
    const report = await checkAuditChain(t.db);
    expect(report.ok, formatAuditReport(report)).toBe(true);
    expect(report.rows).toBeGreaterThan(20);
    // Drizzle wraps the database's error; its cause is the trigger's refusal.
    const refusal = (query: ReturnType<typeof sql>) =>
      t.db.execute(query).then(
        () => 'done',
        (error: unknown) => String((error as { cause?: unknown }).cause ?? error),
      );
    expect(await refusal(sql`update staff_audit_log set reason = 'x'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from staff_audit_log`)).toMatch(/append-only/);
    // Someone with the owner's rights drops the guard and edits a row.
    await t.db.execute(
      sql`alter table staff_audit_log disable trigger staff_audit_log_append_only`,
    );
    const { rows } = await t.db.execute<{ id: string }>(
      sql`select id::text from staff_audit_log order by id limit 1 offset 3`,
    );
    const target = rows[0]?.id ?? '0';
    await t.db.execute(
      sql`update staff_audit_log set reason = 'nothing happened' where id = ${target}::bigint`,
    );
    const broken = await checkAuditChain(t.db);
    expect(broken.ok).toBe(false);
    expect(broken.broken).toEqual({ id: target, problem: 'its content was changed' });
    expect(formatAuditReport(broken)).toContain(`BROKEN at row ${target}`);
    // A deleted row is found too: the next one no longer follows the one before it.
    await t.db.execute(sql`delete from staff_audit_log where id = ${target}::bigint`);
    const gap = await checkAuditChain(t.db);
    expect(gap.broken?.problem).toBe('does not follow the row before it');
  });

  it('is searchable by actor, action and target, and no route edits it', async () => {
    const byAction = await call('GET', '/api/operator/audit?action=players.block');
    const rows = byAction.json<{ data: { action: string; target_id: string }[] }>().data;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.action.startsWith('players.block'))).toBe(true);
    const byTarget = await call('GET', `/api/operator/audit?target=${player.id}&limit=200`);
    expect(byTarget.json<{ data: unknown[] }>().data.length).toBeGreaterThan(5);
    const trail = await call('GET', `/api/operator/players/${player.id}/audit`);
    expect(
      trail.json<{ data: { target_id: string }[] }>().data.every((r) => r.target_id === player.id),
    ).toBe(true);
    for (const row of Object.values(staffRoutes)) {
      expect(row.path.startsWith('/api/operator/audit') && row.method !== 'GET').toBe(false);
    }
  });
});

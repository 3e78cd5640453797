import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAuditChain } from '../../src/features/staff/audit-log';
import { createPlayer, type SignedInPlayer } from '../helpers/players';
import { testDatabaseDriver } from '../helpers/test-database';
import {
  asStaff,
  auditCount,
  buildStaffApp,
  createStaff,
  type StaffApp,
  type StaffMember,
} from './staff-helpers';

/**
 * The support desk's three states (issue 28): open (the player waits for an answer),
 * waiting (staff answered, the player's turn) and closed (staff closed it; the player's next
 * message reopens it). The list filters by state; closing and reopening are audited.
 */

interface Thread {
  user_id: string;
  status: 'open' | 'waiting' | 'closed';
  waiting: boolean;
  closed_at: string | null;
}

describe(`support threads: open, waiting, closed (${testDatabaseDriver()})`, () => {
  let t: StaffApp;
  let agent: StaffMember;
  let player: SignedInPlayer;

  beforeAll(async () => {
    t = await buildStaffApp();
    agent = await createStaff(t, ['support']);
    player = await createPlayer(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const thread = `/api/operator/support/threads`;
  const list = async (status?: string) => {
    const res = await asStaff(t, agent, 'GET', status ? `${thread}?status=${status}` : thread);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: Thread[] }>().data;
  };
  const stateOf = async () => (await list()).find((x) => x.user_id === player.id)?.status;
  const ids = (rows: Thread[]) => rows.map((x) => x.user_id);

  it('moves open → waiting → closed → open, and each state filters', async () => {
    await t.app.support.ask(player.id, 'where is my withdrawal?');
    expect(await stateOf()).toBe('open');
    expect(ids(await list('open'))).toContain(player.id);

    const answer = await asStaff(t, agent, 'POST', `${thread}/${player.id}/messages`, {
      text: 'On its way.',
    });
    expect(answer.statusCode).toBe(201);
    expect(await stateOf()).toBe('waiting');
    expect(ids(await list('waiting'))).toContain(player.id);
    expect(ids(await list('open'))).not.toContain(player.id);

    const before = await auditCount(t);
    const close = await asStaff(t, agent, 'POST', `${thread}/${player.id}/close`);
    expect(close.statusCode, close.body).toBe(200);
    expect(close.json()).toEqual({ user_id: player.id, status: 'closed' });
    expect(await auditCount(t)).toBe(before + 1);
    const closed = await list('closed');
    expect(ids(closed)).toContain(player.id);
    expect(closed.find((x) => x.user_id === player.id)?.closed_at).not.toBeNull();
    expect(ids(await list('waiting'))).not.toContain(player.id);
    // Closing again changes nothing and writes no row.
    const again = await asStaff(t, agent, 'POST', `${thread}/${player.id}/close`);
    expect(again.json()).toEqual({ user_id: player.id, status: 'closed' });
    expect(await auditCount(t)).toBe(before + 1);

    // The player writes again: the thread is open.
    await t.app.support.ask(player.id, 'it has not arrived');
    expect(await stateOf()).toBe('open');
    expect(ids(await list('closed'))).not.toContain(player.id);
    const { rows } = await t.db.execute<{ action: string; after: { status: string } }>(
      sql`select action, after from staff_audit_log where action = 'support.close'
          and target_id = ${player.id}`,
    );
    expect(rows).toEqual([{ action: 'support.close', after: { status: 'closed' } }]);
  });

  it('reopens a closed thread as it was (waiting after a staff answer)', async () => {
    await asStaff(t, agent, 'POST', `${thread}/${player.id}/messages`, { text: 'Sent again.' });
    await asStaff(t, agent, 'POST', `${thread}/${player.id}/close`);
    const reopen = await asStaff(t, agent, 'POST', `${thread}/${player.id}/reopen`);
    expect(reopen.json()).toEqual({ user_id: player.id, status: 'waiting' });
    expect(await stateOf()).toBe('waiting');
    expect((await checkAuditChain(t.db)).ok).toBe(true);
  });

  it('the dashboard counts open threads only; no thread is 404', async () => {
    const someone = await createPlayer(t);
    const missing = await asStaff(t, agent, 'POST', `${thread}/${someone.id}/close`);
    expect(missing.statusCode).toBe(404);
    const open = (await list('open')).length;
    const dashboard = await asStaff(t, agent, 'GET', '/api/operator/dashboard');
    expect(dashboard.json<{ support_threads_open: number }>().support_threads_open).toBe(open);
    const bad = await asStaff(t, agent, 'GET', `${thread}?status=archived`);
    expect(bad.statusCode).toBe(400);
  });
});

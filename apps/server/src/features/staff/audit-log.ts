import { createHash } from 'node:crypto';
import { and, desc, eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@casino/contracts/operator';
import type { Database } from '../../db/database';
import { staffAuditLog } from '../../db/schema';

/**
 * The audit log (docs/decisions/065): one append-only row per change made by staff or the
 * service account, written with the transaction of the change (`append(tx, …)`), and per
 * sensitive read. Each row's hash is SHA-256 of the previous row's hash and its own content,
 * so an edited, inserted or deleted row breaks the chain from there on (checkAuditChain).
 */

export interface AuditActor {
  kind: 'staff' | 'service' | 'system';
  id: string;
  email: string | null;
  roles: readonly string[];
}

export interface AuditWrite {
  actor: AuditActor;
  action: string;
  targetKind?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}

export const genesisHash = '0'.repeat(64);

/** JSON with object keys sorted at every level: jsonb does not keep the order they came in. */
export function canonicalJson(value: unknown): string {
  if (value === undefined || value === null) return 'null';
  if (typeof value === 'bigint') return JSON.stringify(value.toString());
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** What a row's hash covers: everything but its id and its own hash. */
export interface HashedFields {
  at: Date;
  actorKind: string;
  actorId: string;
  actorEmail: string | null;
  actorRoles: string[];
  action: string;
  targetKind: string | null;
  targetId: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
  ip: string | null;
  userAgent: string | null;
}

export function auditHash(prevHash: string, row: HashedFields): string {
  const content = canonicalJson([
    row.at.toISOString(),
    row.actorKind,
    row.actorId,
    row.actorEmail,
    row.actorRoles,
    row.action,
    row.targetKind,
    row.targetId,
    row.before ?? null,
    row.after ?? null,
    row.reason,
    row.ip,
    row.userAgent,
  ]);
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

/** A JSON value as jsonb takes it (bigints as strings, Dates as ISO strings). */
function jsonValue(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(canonicalJson(value)) as unknown;
}

/** Any number that names this log's lock: one writer at a time extends the chain. */
const chainLockKey = 7_206_528_190_001;

/**
 * Appends a row in the caller's transaction: the change and its audit row commit together or
 * not at all. Waits for the chain's lock (a transaction-level advisory lock), so two writers
 * never chain to the same row.
 */
export async function appendAudit(tx: Database, at: Date, entry: AuditWrite): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(${chainLockKey})`);
  const last = await tx
    .select({ hash: staffAuditLog.hash })
    .from(staffAuditLog)
    .orderBy(desc(staffAuditLog.id))
    .limit(1);
  const prevHash = last[0]?.hash ?? genesisHash;
  const row: HashedFields = {
    at,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    actorRoles: [...entry.actor.roles],
    action: entry.action,
    targetKind: entry.targetKind ?? null,
    targetId: entry.targetId ?? null,
    before: jsonValue(entry.before),
    after: jsonValue(entry.after),
    reason: entry.reason ?? null,
    ip: entry.ip ?? null,
    userAgent: entry.userAgent?.slice(0, 512) ?? null,
  };
  const hash = auditHash(prevHash, row);
  await tx.insert(staffAuditLog).values({ ...row, prevHash, hash });
  return hash;
}

export interface AuditChainReport {
  ok: boolean;
  rows: number;
  /** The first row whose link or content does not match, and why. */
  broken: { id: string; problem: string } | null;
}

/** Walks the chain in id order (a page at a time): `npm run audit:check`. */
export async function checkAuditChain(db: Database): Promise<AuditChainReport> {
  let prevHash = genesisHash;
  let after = 0n;
  let rows = 0;
  for (;;) {
    const page = await db
      .select()
      .from(staffAuditLog)
      .where(sql`${staffAuditLog.id} > ${after}`)
      .orderBy(staffAuditLog.id)
      .limit(1000);
    for (const row of page) {
      rows += 1;
      const id = row.id.toString();
      if (row.prevHash !== prevHash) {
        return { ok: false, rows, broken: { id, problem: 'does not follow the row before it' } };
      }
      if (auditHash(prevHash, row) !== row.hash) {
        return { ok: false, rows, broken: { id, problem: 'its content was changed' } };
      }
      prevHash = row.hash;
      after = row.id;
    }
    if (page.length < 1000) return { ok: true, rows, broken: null };
  }
}

export function formatAuditReport(report: AuditChainReport): string {
  if (report.ok) return `audit log: ${report.rows} rows, the hash chain holds`;
  const b = report.broken;
  return `audit log: BROKEN at row ${b?.id ?? '?'}: ${b?.problem ?? ''} (${report.rows} rows read)`;
}

export interface AuditSearch extends Omit<AuditQuery, 'limit'> {
  limit: number;
  /** A player's page: rows whose target is this player. */
  targetId?: string;
}

export async function searchAudit(
  db: Database,
  query: AuditSearch,
): Promise<{ data: AuditEntry[]; next_before: string | null }> {
  const where: SQL[] = [];
  const t = staffAuditLog;
  if (query.actor) where.push(or(eq(t.actorId, query.actor), eq(t.actorEmail, query.actor))!);
  if (query.action)
    where.push(sql`${t.action} like ${`${query.action.replace(/[%_\\]/g, '\\$&')}%`}`);
  if (query.target) where.push(eq(t.targetId, query.target));
  if (query.targetId) where.push(eq(t.targetId, query.targetId));
  if (query.from) where.push(gte(t.at, new Date(query.from)));
  if (query.to) where.push(lt(t.at, new Date(query.to)));
  if (query.before) where.push(lt(t.id, BigInt(query.before)));
  const rows = await db
    .select()
    .from(t)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(t.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    data: page.map((r) => ({
      id: r.id.toString(),
      at: r.at.toISOString(),
      actor_kind: r.actorKind as AuditEntry['actor_kind'],
      actor_id: r.actorId,
      actor_email: r.actorEmail,
      actor_roles: r.actorRoles,
      action: r.action,
      target_kind: r.targetKind,
      target_id: r.targetId,
      before: r.before ?? null,
      after: r.after ?? null,
      reason: r.reason,
      ip: r.ip,
      user_agent: r.userAgent,
      hash: r.hash,
    })),
    next_before: rows.length > query.limit ? (page.at(-1)?.id.toString() ?? null) : null,
  };
}

/**
 * An audit row in a transaction of its own: a sensitive read (a document, a CSV export),
 * written before the bytes are sent. A change's row is written in the change's transaction
 * instead: `appendAudit(tx, …)` here, `auditStep` for other features' services (decision 081).
 */
export async function appendAuditAfter(db: Database, at: Date, entry: AuditWrite): Promise<void> {
  await db.transaction(async (tx) => {
    await appendAudit(tx, at, entry);
  });
}

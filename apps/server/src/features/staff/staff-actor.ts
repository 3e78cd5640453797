import type { Permission, StaffRole } from '@casino/contracts/operator';
import type { AuditActor, AuditWrite } from './audit-log';

/** Who makes a staff request: a staff member's session or the service account's token. */
export interface StaffActor {
  kind: 'staff' | 'service';
  /** The staff id, or "service". */
  id: string;
  email: string | null;
  roles: StaffRole[];
  permissions: ReadonlySet<Permission>;
  /** The staff session of this request (null for the service account). */
  sessionId: string | null;
  sessionExpiresAt: Date | null;
}

/** The actor and where the request came from: every audit row needs all of it. */
export interface StaffContext {
  actor: StaffActor;
  ip: string;
  userAgent: string | null;
}

export const serviceActorId = 'service';

export function auditActorOf(actor: StaffActor): AuditActor {
  return {
    kind: actor.kind,
    id: actor.id,
    email: actor.email,
    roles: actor.kind === 'service' ? ['service-account'] : actor.roles,
  };
}

/** An audit row of this request: the actor, IP and user agent filled in. */
export function auditOf(
  context: StaffContext,
  entry: Omit<AuditWrite, 'actor' | 'ip' | 'userAgent'>,
): AuditWrite {
  return {
    ...entry,
    actor: auditActorOf(context.actor),
    ip: context.ip,
    userAgent: context.userAgent,
  };
}

/**
 * How an actor is named in other features' rows (the ledger's `actor`, who hid a message,
 * who blocked): the e-mail of a person; "operator-api" for the service account, as the
 * operator API's rows always said.
 */
export function actorName(actor: StaffActor): string {
  return actor.kind === 'service' ? 'operator-api' : (actor.email ?? actor.id);
}

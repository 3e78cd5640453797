import { z } from 'zod';

/**
 * The audit log: one row per change made by staff or the service account, and per sensitive
 * read, written in the same transaction as the change, chained by SHA-256. Read only.
 */
export const auditActorKinds = ['staff', 'service', 'system'] as const;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_kind: z.enum(auditActorKinds),
  /** Staff id, "service" or the command's name. */
  actor_id: z.string(),
  actor_email: z.string().nullable(),
  /** The roles the actor held at the time. */
  actor_roles: z.array(z.string()),
  /** What was done: the route table's id ("players.block") or a command's. */
  action: z.string(),
  target_kind: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  reason: z.string().nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  hash: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.object({
  actor: z.string().max(254).optional(),
  action: z.string().max(64).optional(),
  target: z.string().max(254).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  before: z
    .string()
    .regex(/^[1-9]\d{0,18}$/)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;
export const auditResponseSchema = z.object({
  data: z.array(auditEntrySchema),
  next_before: z.string().nullable(),
});

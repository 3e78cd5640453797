import { z } from 'zod';
import { staffEmailSchema } from './auth';
import { staffRoles } from './permissions';

/** Staff administration (permission staff:manage, admin only). */
export const staffAccountSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  roles: z.array(z.enum(staffRoles)),
  /** invited: the set-up link is not used yet; active; disabled. */
  status: z.enum(['invited', 'active', 'disabled']),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
  live_sessions: z.number().int().min(0),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;
export const staffAccountsResponseSchema = z.object({ data: z.array(staffAccountSchema) });
export const staffIdParamsSchema = z.object({ staffId: z.uuid() });

const rolesSchema = z
  .array(z.enum(staffRoles))
  .min(1)
  .max(staffRoles.length)
  .transform((roles) => [...new Set(roles)]);

/** POST /api/operator/staff: a new account and its one-time set-up link (also the command). */
export const staffCreateRequestSchema = z.object({ email: staffEmailSchema, roles: rolesSchema });
export type StaffCreateRequest = z.input<typeof staffCreateRequestSchema>;
/** Also POST /api/operator/staff/:staffId/setup-link: a new link (the old one stops working). */
export const staffSetupLinkResponseSchema = z.object({
  staff: staffAccountSchema,
  /** `/backoffice/setup#<token>`, relative unless PUBLIC_URL or BACKOFFICE_ORIGIN is set. */
  setup_link: z.string(),
  expires_at: z.string(),
});
export type StaffSetupLinkResponse = z.infer<typeof staffSetupLinkResponseSchema>;

/** PUT /api/operator/staff/:staffId/roles */
export const staffRolesRequestSchema = z.object({ roles: rolesSchema });
/** POST /api/operator/staff/:staffId/disable and …/enable: the account and its sessions. */
export const staffReasonRequestSchema = z.object({ reason: z.string().trim().min(1).max(500) });

import { z } from 'zod';

/**
 * The signed-in player's sessions, one per browser or app signed in (accounts issue 15). The
 * device is read from the User-Agent at sign-in; `place` is present only when the server has a
 * local geo database, never guessed otherwise.
 */
export const deviceKinds = ['desktop', 'mobile', 'tablet', 'tv', 'unknown'] as const;

export const deviceSessionSchema = z.object({
  id: z.uuid(),
  /** The session of the request that asked: "this device". */
  current: z.boolean(),
  /** "Firefox 126"; null when the browser did not say. */
  browser: z.string().nullable(),
  /** "Windows 10", "iOS 17.4"; null when unknown. */
  os: z.string().nullable(),
  device: z.enum(deviceKinds),
  /** "Berlin, Germany": only with a configured geo database. */
  place: z.string().optional(),
  signed_in_at: z.string(),
  /** The last sign-in or token refresh (an active browser refreshes every 15 minutes). */
  last_used_at: z.string(),
});
export type DeviceSession = z.infer<typeof deviceSessionSchema>;

export const sessionsResponseSchema = z.object({ sessions: z.array(deviceSessionSchema) });
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>;

export const sessionIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

/** DELETE /user/sessions: every session but this one ended. */
export const endOtherSessionsResponseSchema = z.object({ ended: z.number().int().nonnegative() });
export type EndOtherSessionsResponse = z.infer<typeof endOtherSessionsResponseSchema>;

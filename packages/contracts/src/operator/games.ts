import { z } from 'zod';
import { gameMarks, homeSections, pinSections, providerSlugs } from '../games';

/**
 * The games and the lobby in the back office (issue 30): a provider or a single game switched
 * off by staff leaves the lobby, search and launch on every instance (decision 086). The
 * provider's own `enabled` (the synced catalog still lists the game) is shown beside ours.
 */

const reason = z.string().trim().min(1).max(500);

export const staffGamesQuerySchema = z.object({
  /** Part of the game's name or its provider id. */
  q: z.string().trim().max(100).optional(),
  provider: z.enum(providerSlugs).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const staffGameSchema = z.object({
  id: z.string(),
  provider: z.enum(providerSlugs),
  provider_game_id: z.string(),
  name: z.string(),
  category: z.string(),
  /** Still in the provider's catalog at the last sync. */
  listed: z.boolean(),
  /** Switched off by staff (this game alone). */
  disabled: z.boolean(),
  /** Its provider is switched off by staff. */
  provider_disabled: z.boolean(),
  /** Staff's New or Hot mark (decision 089), or none. */
  mark: z.enum(gameMarks).nullable(),
  /** Countries (ISO 3166-1 alpha-2) whose players neither see nor launch it. */
  countries: z.array(z.string()),
});
export type StaffGame = z.infer<typeof staffGameSchema>;

export const staffGamesResponseSchema = z.object({
  data: z.array(staffGameSchema),
  page: z.number().int(),
  has_more: z.boolean(),
});

export const staffGameParamsSchema = z.object({ gameId: z.uuid() });
export const staffProviderParamsSchema = z.object({ provider: z.enum(providerSlugs) });

export const staffSwitchBodySchema = z.object({ disabled: z.boolean(), reason });

export const staffProviderSchema = z.object({
  provider: z.enum(providerSlugs),
  disabled: z.boolean(),
  /** Games of the provider in the synced catalog. */
  games: z.number().int(),
});
export const staffProvidersResponseSchema = z.object({ data: z.array(staffProviderSchema) });

/**
 * The lobby's marks, countries, pins and section order (decision 089). Every change carries
 * the reason the audit log keeps, like the switches.
 */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, { error: 'country' });

/** At most this many games pinned to the top of one section (two rows of the top list). */
export const maxPinnedGames = 24;

const distinct = (values: string[]) => new Set(values).size === values.length;

export const staffGameLobbyBodySchema = z.object({
  mark: z.enum(gameMarks).nullable(),
  countries: z.array(countryCodeSchema).max(250).refine(distinct, { error: 'countries' }),
  reason,
});

export const staffSectionsBodySchema = z.object({
  /** Every home section exactly once, in the new order. */
  sections: z
    .array(z.enum(homeSections))
    .length(homeSections.length)
    .refine(distinct, { error: 'sections' }),
  reason,
});

export const staffPinsParamsSchema = z.object({ section: z.enum(pinSections) });

export const staffPinsBodySchema = z.object({
  /** The pinned games in order, first on top; empty unpins all. */
  game_ids: z.array(z.uuid()).max(maxPinnedGames).refine(distinct, { error: 'game_ids' }),
  reason,
});

export const staffPinnedSchema = z.object({
  section: z.enum(pinSections),
  games: z.array(staffGameSchema),
});

export const staffLobbySchema = z.object({
  sections: z.array(z.enum(homeSections)),
  pins: z.array(staffPinnedSchema),
});
export type StaffLobby = z.infer<typeof staffLobbySchema>;

import type { GameCategory, ProviderSlug } from '@casino/contracts';
import type { HttpTransport, OutgoingRequest, ProviderAnswer } from '../../lib/http-transport';

/** One game of a provider's catalog, mapped to our terms (SPEC §3 "Game"). */
export interface CatalogEntry {
  /** The provider's id: Endorphina game name, Pragmatic symbol, GB gameId. */
  providerGameId: string;
  /** The provider's name, or its description when the name is missing (SPEC §3). */
  name: string;
  /** The title's editions in the lobby's languages, when the provider lists them. */
  names?: { en?: string; ru?: string };
  image: string;
  category: GameCategory;
  tags: string[];
  isNew: boolean;
  isTop: boolean;
  /** 0–100. */
  popularity: number;
  demo: boolean;
  real: boolean;
  /** A public demo link, when the game has a demo. */
  demoUrl: string | null;
  /** ISO date (YYYY-MM-DD), when the provider says. */
  releasedAt: string | null;
}

/** A provider's list mapped game by game; a raw game the mapper cannot read is left out. */
export function catalogOf<Raw>(
  list: readonly Raw[],
  map: (raw: Raw) => CatalogEntry | undefined,
): CatalogEntry[] {
  return list.map((raw) => map(raw)).filter((game): game is CatalogEntry => game !== undefined);
}

export type LaunchLanguage = 'en' | 'ru';

export interface LaunchRequest {
  providerGameId: string;
  /** The catalog's demo link (Endorphina and GB demos open it). */
  demoUrl: string | null;
  mode: 'real' | 'demo';
  /** Real mode: our opaque launch token (never the player's access token) and player id. */
  token?: string;
  playerId?: string;
  currency: string;
  language: LaunchLanguage;
  /** Where the game's "Lobby" button returns to. */
  lobbyUrl: string;
}

/** Our side of one provider's operator API: its catalog and its launch. */
export interface ProviderAdapter {
  readonly slug: ProviderSlug;
  fetchCatalog(): Promise<CatalogEntry[]>;
  /** The URL to send the player's browser to. */
  launchUrl(request: LaunchRequest): Promise<string>;
}

export type ProviderFailure =
  /** No answer, a 5xx, or an answer we cannot read: worth trying again later. */
  | 'unavailable'
  /** The provider refused us (bad signature, unknown login): a configuration problem. */
  | 'refused'
  /** The provider does not know the game (or has no demo of it). */
  | 'game-not-found'
  /** No secret configured for this provider: we refuse to call it unsigned. */
  | 'not-configured';

export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  constructor(
    readonly provider: ProviderSlug,
    readonly failure: ProviderFailure,
    message: string,
  ) {
    super(`${provider}: ${message}`);
  }
}

/** Sends through the transport; no answer at all becomes ProviderError('unavailable'). */
export async function sendToProvider(
  provider: ProviderSlug,
  transport: HttpTransport,
  request: OutgoingRequest,
): Promise<ProviderAnswer> {
  try {
    return await transport(request);
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new ProviderError(provider, 'unavailable', reason);
  }
}

/**
 * One provider's side of the calls an adapter makes: its requests sent through the transport
 * and its failures, both named with its slug once.
 */
export function providerLink(provider: ProviderSlug, transport: HttpTransport) {
  return {
    send: (request: OutgoingRequest) => sendToProvider(provider, transport, request),
    failed: (failure: ProviderFailure, message: string) =>
      new ProviderError(provider, failure, message),
  };
}

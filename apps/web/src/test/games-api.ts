import type { Game, GamePage, PublicBanner } from '@casino/contracts';
import { vi } from 'vitest';

/** A game of the common shape, numbered so every page holds different names. */
export function fakeGame(n: number, overrides: Partial<Game> = {}): Game {
  const providers = ['endorphina', 'pragmatic', 'gbgames'] as const;
  const provider = overrides.provider ?? providers[n % 3] ?? 'endorphina';
  return {
    id: `game-${provider}-${n}`,
    gameId: `${provider}-${n}`,
    name: `${provider} game ${n}`,
    image: `/art/${provider}-${n}.svg`,
    type: '',
    provider,
    category: 'slots',
    tags: [],
    isNew: n % 5 === 0,
    isTop: n % 4 === 0,
    popularity: 50,
    demo: true,
    real: true,
    real_url: null,
    demo_url: null,
    ...overrides,
  };
}

/** The home carousel's banners as the server answers them (the seeded four, decision 090). */
export function fakeBanners(): PublicBanner[] {
  const banner = (
    id: string,
    link: string,
    en: string,
    ru: string,
    guest_action: 'register' | null = null,
  ): PublicBanner => ({
    id,
    desktop: `/banners/${id}-desktop.svg`,
    mobile: `/banners/${id}-mobile.svg`,
    link,
    guest_action,
    copy: {
      en: { eyebrow: `${en} eyebrow`, title: en, text: `${en} text`, cta: `${en} cta` },
      ru: { eyebrow: `${ru}: надзаголовок`, title: ru, text: `${ru}: текст`, cta: `${ru}: кнопка` },
    },
  });
  return [
    banner('universe', '/casino', 'A universe of slots', 'Вселенная слотов'),
    banner('welcome', '/profile/bonus', 'Up to $500', 'До $500', 'register'),
    banner('tables', '/other', 'Take a seat', 'Займите место'),
    banner('demo', '/casino?tab=top', 'Try any game', 'Любая игра'),
  ];
}

const pageOf = (page: number, limit: number, total: number, provider?: Game['provider']) => {
  const start = (page - 1) * limit;
  const count = Math.max(0, Math.min(limit, total - start));
  return Array.from({ length: count }, (_, index) =>
    fakeGame(start + index, provider ? { provider } : {}),
  );
};

/** A GamePage answer (the whole catalogue, Endorphina): one page of `total` games with the counts. */
const gamePageOf = (
  page: number,
  limit: number,
  total: number,
  provider?: Game['provider'],
): GamePage => ({
  data: pageOf(page, limit, total, provider),
  page,
  limit,
  total,
  totalPages: Math.ceil(total / limit),
});

export interface ApiCall {
  url: URL;
  headers: Headers;
}

interface FakeApiOptions {
  /** Games behind /total/games (every filter answers from the same list). */
  totalGames?: number;
  /** Games behind /endo-game/list. */
  endorphinaGames?: number;
  /** Pragmatic answers a full page for every page number: the list never runs out. */
  pragmaticEndless?: boolean;
  gbGames?: number;
  /** Milliseconds before each answer, to see the loading states. */
  delayMs?: number;
  /** Answers a launch call. */
  launch?: (url: URL) => Response;
  /** The home sections' order GET /games/lobby answers (default: the default order). */
  homeSections?: string[];
  /** Behind /banners (the seeded four by default). */
  banners?: PublicBanner[];
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * Replaces fetch with the game endpoints of the API (SPEC §7), answering from generated games.
 * Returns the calls made, in order.
 */
export function fakeGamesApi(options: FakeApiOptions = {}): ApiCall[] {
  const {
    totalGames = 360,
    endorphinaGames = 1000,
    pragmaticEndless = true,
    gbGames = 90,
    delayMs = 0,
  } = options;
  const calls: ApiCall[] = [];
  const answer = (url: URL): Response => {
    const page = Number(url.searchParams.get('page') ?? 1);
    const limit = Number(url.searchParams.get('limit') ?? 20);
    const path = url.pathname;
    if (path === '/api/total/games') return json(gamePageOf(page, limit, totalGames));
    if (path === '/api/endo-game/list') {
      return json(gamePageOf(page, limit, endorphinaGames, 'endorphina'));
    }
    if (path === '/api/pragmatic/list') {
      return json(pageOf(page, limit, pragmaticEndless ? 100_000 : 150, 'pragmatic'));
    }
    if (path === '/api/provider2-game/list/USD/EN') {
      const games = pageOf(page, 20, gbGames, 'gbgames');
      return json(Object.fromEntries(games.map((game, index) => [String(index), game])));
    }
    if (path === '/api/games/lobby') {
      return json({ sections: options.homeSections ?? ['banners', 'top', 'recent'] });
    }
    if (path === '/api/banners') return json({ data: options.banners ?? fakeBanners() });
    if (options.launch && /launch|user-auth/.test(path)) return options.launch(url);
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const href = input instanceof Request ? input.url : input instanceof URL ? input.href : input;
      const url = new URL(href, 'http://localhost');
      calls.push({ url, headers: new Headers(init?.headers) });
      if (delayMs) await new Promise((done) => setTimeout(done, delayMs));
      return answer(url);
    }),
  );
  return calls;
}

/** The calls to one path. */
export const callsTo = (calls: ApiCall[], path: string) =>
  calls.filter((call) => call.url.pathname === path);

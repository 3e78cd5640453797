import Fastify, { type FastifyInstance } from 'fastify';
import { createStudios, type StudiosOptions, type StudiosPlugin } from '../../src/index';
import { seededRng } from '../../src/shared/rng';

export const PUBLIC = 'http://studios.test';

/** The studios mounted in a host app, as our server mounts them; driven with inject. */
export async function studiosApp(
  options: Partial<StudiosOptions>,
): Promise<{ app: FastifyInstance; plugin: StudiosPlugin }> {
  const plugin = createStudios({
    rng: seededRng(42),
    retry: { attempts: 3, baseDelayMs: 5, maxDelayMs: 20, timeoutMs: 300 },
    reconcile: { intervalMs: 60_000 },
    ...options,
  });
  const app = Fastify();
  await app.register(plugin);
  await app.ready();
  return { app, plugin };
}

/** The path part of an absolute studio URL, for inject. */
export const pathOf = (url: string): string => {
  const u = new URL(url);
  return u.pathname + u.search;
};

export interface SpinBody {
  ok: boolean;
  error?: string;
  balance: number;
  bet?: number;
  win?: number;
  grid?: number[];
  lines?: { line: number; symbol: number; count: number; pay: number; win: number }[];
  winPending?: boolean;
}

/** Spins until the predicate holds (the seeded RNG makes this deterministic). */
export async function spinUntil(
  app: FastifyInstance,
  gamePath: string,
  bet: number,
  until: (answer: SpinBody) => boolean,
  max = 60,
): Promise<SpinBody[]> {
  const answers: SpinBody[] = [];
  for (let i = 0; i < max; i++) {
    const res = await app.inject({ method: 'POST', url: `${gamePath}/spin`, payload: { bet } });
    const answer = res.json<SpinBody>();
    answers.push(answer);
    if (until(answer)) return answers;
  }
  throw new Error('condition never met');
}

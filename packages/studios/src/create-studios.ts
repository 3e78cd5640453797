import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { endorphinaStudio, type EndorphinaStudioOptions } from './endorphina/plugin';
import { gbgamesStudio, type GbGamesStudioOptions } from './gbgames/plugin';
import { pragmaticStudio, type PragmaticStudioOptions } from './pragmatic/plugin';
import { FairLedger } from './fair/ledger';
import { Reconciler } from './shared/reconciler';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from './shared/retry';
import { cryptoRng, type Rng } from './shared/rng';
import type { SessionOwners, SessionSharing } from './shared/session-owners';
import type { StudioContext } from './studio-context';

export type {
  EndorphinaStudioOptions,
  GbGamesStudioOptions,
  PragmaticStudioOptions,
  RetryPolicy,
  Rng,
  SessionOwners,
  SessionSharing,
};

export interface StudiosOptions {
  /** Where the studios are mounted inside the host app; each studio lives at {basePath}/{name}. Default "/studios". */
  basePath?: string;
  /** A studio is mounted only when its options are given. */
  endorphina?: EndorphinaStudioOptions;
  pragmatic?: PragmaticStudioOptions;
  gbgames?: GbGamesStudioOptions;
  /** Retries of each wallet call (attempts, backoff, per-attempt timeout). */
  retry?: Partial<RetryPolicy>;
  /** Background retries of refunds and wins that stayed unconfirmed. */
  reconcile?: { intervalMs?: number; maxDelayMs?: number; maxAgeMs?: number };
  /** Play money of a demo session, in thousandths of the unit (default 1,000.000). */
  demoBalance?: number;
  /** Idle lifetime of a game session (default 2 hours). */
  sessionTtlMs?: number;
  /**
   * Where server seeds come from; defaults to the OS CSPRNG. Tests inject a seeded one.
   * Outcomes derive from the seeds (provably fair), never from this directly.
   */
  rng?: Rng;
  /**
   * Several instances of the host behind a balancer: a directory of which instance holds
   * each game session and launch ticket, and this instance's own URL. A request for a session
   * held elsewhere is forwarded to its owner (decision 054). Absent: sessions live in this
   * process alone.
   */
  sharing?: SessionSharing;
}

export interface StudiosPlugin extends FastifyPluginAsync {
  /** Runs every pending background retry now (for tests and operational tooling). */
  runPendingRetries(): Promise<void>;
  /** How many refunds, wins or round closings are still waiting to reach the operator. */
  pendingRetries(): number;
}

function requireSecrets(name: string, values: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(values)) {
    // A studio without its secret would accept or send unsigned money calls: refuse to start.
    if (!value) throw new Error(`studios: ${name}.${key} is required`);
  }
}

/**
 * The three simulated studios as one Fastify plugin, for the host to mount in-process
 * (`app.register(createStudios(options))`) or for main.ts to run on a port of its own.
 */
export function createStudios(options: StudiosOptions): StudiosPlugin {
  const basePath = (options.basePath ?? '/studios').replace(/\/+$/, '');
  if (options.endorphina) {
    const o = options.endorphina;
    requireSecrets('endorphina', {
      publicUrl: o.publicUrl,
      nodeId: o.nodeId,
      salt: o.salt,
      operatorUrl: o.operatorUrl,
    });
  }
  if (options.pragmatic) {
    const o = options.pragmatic;
    requireSecrets('pragmatic', {
      publicUrl: o.publicUrl,
      secureLogin: o.secureLogin,
      secretKey: o.secretKey,
      operatorUrl: o.operatorUrl,
    });
  }
  if (options.gbgames) {
    const o = options.gbgames;
    requireSecrets('gbgames', {
      publicUrl: o.publicUrl,
      secret: o.secret,
      operatorUrl: o.operatorUrl,
    });
  }

  const logLines: ((message: string) => void)[] = [];
  const reconciler = new Reconciler({
    intervalMs: options.reconcile?.intervalMs ?? 30_000,
    maxDelayMs: options.reconcile?.maxDelayMs ?? 15 * 60_000,
    // Providers keep retrying a failed call for about a day.
    maxAgeMs: options.reconcile?.maxAgeMs ?? 24 * 60 * 60_000,
    onGiveUp: (label) => logLines.forEach((log) => log(`gave up retrying: ${label}`)),
  });

  // Server seeds come from the studio's randomness (a seeded one in tests).
  const fair = new FairLedger(options.rng ?? cryptoRng);
  const plugin = async (app: FastifyInstance): Promise<void> => {
    const log = (message: string): void => app.log.warn({ studios: true }, message);
    logLines.push(log);
    const rng = options.rng ?? cryptoRng;
    const ctx: StudioContext = {
      rng,
      fair,
      retry: { ...DEFAULT_RETRY_POLICY, ...options.retry },
      reconciler,
      demoBalance: options.demoBalance ?? 1_000_000,
      sessionTtlMs: options.sessionTtlMs ?? 2 * 60 * 60_000,
      log,
      sharing: options.sharing && { log, ...options.sharing },
    };
    app.addHook('onClose', (_instance, done) => {
      reconciler.close();
      done();
    });
    if (options.endorphina) {
      await app.register(endorphinaStudio(ctx, options.endorphina), {
        prefix: `${basePath}/endorphina`,
      });
    }
    if (options.pragmatic) {
      await app.register(pragmaticStudio(ctx, options.pragmatic), {
        prefix: `${basePath}/pragmatic`,
      });
    }
    if (options.gbgames) {
      await app.register(gbgamesStudio(ctx, options.gbgames), { prefix: `${basePath}/gbgames` });
    }
  };
  return Object.assign(plugin, {
    runPendingRetries: () => reconciler.runDue(true),
    pendingRetries: () => reconciler.pending,
  });
}

import { context, type Tracer } from '@opentelemetry/api';
import { endClientSpan, endWhenSettled, startClientSpan } from './client-spans';
import type { PgliteLike, PgPoolLike } from './tracing';

const traced = Symbol('orbita.traced');
/** Statements are parameterised ($1…): their text holds no value. Long ones are cut. */
const maxStatementLength = 2_000;

type AnyFunction = (this: unknown, ...args: unknown[]) => unknown;
type Callback = (error: unknown, ...rest: unknown[]) => void;

function statementOf(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (
    first &&
    typeof first === 'object' &&
    typeof (first as { text?: unknown }).text === 'string'
  ) {
    return (first as { text: string }).text;
  }
  return undefined;
}

/**
 * Replaces `target[key]` (a query method: a promise, or node-postgres's callback form) with
 * one that wraps each call in a span named for the statement's first word (SELECT, INSERT,
 * BEGIN …). A submittable (a cursor) passes through untraced.
 */
function traceQueries(tracer: Tracer, target: object, key: string): void {
  const methods = target as Record<string, AnyFunction>;
  const original = methods[key];
  if (typeof original !== 'function') return;
  methods[key] = function tracedQuery(this: unknown, ...args: unknown[]) {
    const statement = statementOf(args[0]);
    const span =
      statement === undefined
        ? undefined
        : startClientSpan(tracer, (/^\s*(\w+)/.exec(statement)?.[1] ?? 'query').toUpperCase(), {
            'db.system.name': 'postgresql',
            'db.query.text': statement.slice(0, maxStatementLength),
          });
    if (!span) return original.apply(this, args);
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback;
      args[last] = (error: unknown, ...rest: unknown[]) => {
        endClientSpan(span, error ?? undefined);
        callback(error, ...rest);
      };
    }
    try {
      const result = original.apply(this, args);
      if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
        endWhenSettled(span, result as PromiseLike<unknown>);
      }
      return result;
    } catch (error) {
      endClientSpan(span, error);
      throw error;
    }
  };
}

function traceOnce(tracer: Tracer, client: object, keys: string[]): void {
  const mark = client as Record<symbol, boolean>;
  if (mark[traced]) return;
  mark[traced] = true;
  for (const key of keys) traceQueries(tracer, client, key);
}

/**
 * node-postgres: every query goes through a client the pool hands out (pool.query takes one
 * with its callback form of connect), so each client is traced once, when first handed out.
 * A callback waiting in the pool's queue would run in the context of whoever released the
 * client: it is bound to its caller's context here.
 */
export function tracePgPool(tracer: Tracer, pool: PgPoolLike): void {
  const connect = pool.connect.bind(pool) as AnyFunction;
  (pool as unknown as { connect: AnyFunction }).connect = function tracedConnect(
    ...args: unknown[]
  ) {
    if (typeof args[0] === 'function') {
      const callback = args[0] as Callback;
      const bound = context.bind(
        context.active(),
        (error: unknown, client: object | undefined, release: unknown) => {
          if (client) traceOnce(tracer, client, ['query']);
          callback(error, client, release);
        },
      );
      return connect(bound);
    }
    return (connect() as Promise<object>).then((client) => {
      traceOnce(tracer, client, ['query']);
      return client;
    });
  };
}

/** PGlite: its query and exec, and those of each transaction it opens. */
export function tracePglite(tracer: Tracer, client: PgliteLike): void {
  traceOnce(tracer, client, ['query', 'exec']);
  const transaction = client.transaction.bind(client) as AnyFunction;
  (client as unknown as { transaction: AnyFunction }).transaction = (...args: unknown[]) => {
    const work = args[0] as (tx: object) => unknown;
    return transaction((tx: object) => {
      traceOnce(tracer, tx, ['query', 'exec']);
      return work(tx);
    });
  };
}

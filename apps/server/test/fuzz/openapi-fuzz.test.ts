import { errorResponseSchema } from '@casino/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, signIn, type SignedInPlayer } from '../helpers/players';
import { buildTestApp, type TestApp } from '../helpers/test-app';
import { fromSchema, parameterText, type JsonSchema } from './schema-arbitrary';

/**
 * Every operation of the OpenAPI document, fuzzed as an outsider would (issue 17): requests
 * generated with fast-check from the contracts' schemas as the document carries them, mostly
 * well-shaped with hostile text (NUL, lone surrogates, huge, binary) and wrong types mixed in,
 * signed in as a real player. No answer may be a 5xx; every 4xx of the API is its JSON error
 * shape. FUZZ_RUNS (default 12) sets the requests per operation: bounded for the suite, raise
 * it to search longer. A failure prints the seed and the shrunk request to replay.
 */
const runsPerOperation = Number(process.env.FUZZ_RUNS ?? 12);
const operatorToken = 'fuzz-operator-token-0123456789abcdefghijkl';

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

// The balance stream never ends while its token lives: fuzzed apart, with a short-lived token.
const skipped = new Set(['get /api/wallet/stream']);

/** Routes that speak another service's protocol (the simulated studios and payment sandboxes). */
const foreignProtocol = (path: string) => !path.startsWith('/api/');

/**
 * Percent-encodes text as its UTF-8 bytes; a lone surrogate (which encodeURIComponent refuses)
 * goes as the three bytes it would have (what an attacker's client can send).
 */
function percentEncode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i] ?? '');
    }
  }
  return out;
}

function fillPath(template: string, values: Partial<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => percentEncode(values[name] ?? 'x'));
}

function queryString(values: Partial<Record<string, string>>): string {
  const present = Object.entries(values).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const pairs = present.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

describe('OpenAPI fuzz: no 5xx, the error shape on every 4xx', () => {
  let t: TestApp;
  let player: SignedInPlayer;
  let operations: { path: string; method: Method; operation: Operation }[];
  beforeAll(async () => {
    t = await buildTestApp({ env: { OPERATOR_API_TOKEN: operatorToken } });
    await t.app.ready();
    player = await createPlayer(t);
    const doc = t.app.swagger() as unknown as {
      paths: Record<string, Partial<Record<Method, Operation>>>;
    };
    operations = Object.entries(doc.paths).flatMap(([path, byMethod]) =>
      Object.entries(byMethod).map(([method, operation]) => ({
        path,
        method: method as Method,
        operation: operation,
      })),
    );
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('covers every operation of the document', () => {
    expect(operations.length).toBeGreaterThan(70);
  });

  it('answers every generated request below 500', async () => {
    const failures: string[] = [];
    for (const { path, method, operation } of operations) {
      if (skipped.has(`${method} ${path}`)) continue;
      // A fresh session per operation: a fuzzed logout or password change ends its own only.
      const session = await signIn(t, player);
      const parameters = operation.parameters ?? [];
      const pathArb = fc.record(
        Object.fromEntries(
          parameters.filter((p) => p.in === 'path').map((p) => [p.name, parameterText(p.schema)]),
        ),
      );
      const queryArb = fc.record(
        Object.fromEntries(
          parameters.filter((p) => p.in === 'query').map((p) => [p.name, parameterText(p.schema)]),
        ),
        { requiredKeys: [] },
      );
      const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
      const bodyArb = operation.requestBody ? fromSchema(jsonSchema) : fc.constant(undefined);
      const authArb = fc.constantFrom<'player' | 'operator' | 'none' | 'garbage'>(
        'player',
        'player',
        'operator',
        'none',
        'garbage',
      );

      await fc
        .assert(
          fc.asyncProperty(
            pathArb,
            queryArb,
            bodyArb,
            authArb,
            async (params, query, body, auth) => {
              const headers: Record<string, string> = {};
              if (auth === 'player') headers.authorization = `Bearer ${session.accessToken}`;
              if (auth === 'operator') headers.authorization = `Bearer ${operatorToken}`;
              if (auth === 'garbage') headers.authorization = 'Bearer \u00ff\u00fe.e30.';
              let res: LightMyRequestResponse;
              try {
                res = await t.app.inject({
                  method: method.toUpperCase() as Uppercase<Method>,
                  url: fillPath(path, params) + queryString(query),
                  headers,
                  ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
                  ...(body === undefined
                    ? {}
                    : { headers: { ...headers, 'content-type': 'application/json' } }),
                });
              } catch (error) {
                failures.push(`${method} ${path}: inject threw ${String(error)}`);
                return false;
              }
              if (res.statusCode >= 500) {
                failures.push(
                  `${method} ${path} ${JSON.stringify({ params, query, body })} → ${res.statusCode} ${res.body.slice(0, 200)}`,
                );
                return false;
              }
              if (res.statusCode >= 400 && !foreignProtocol(path)) {
                const shaped = errorResponseSchema.safeParse(safeJson(res.body));
                if (!shaped.success) {
                  failures.push(
                    `${method} ${path} → ${res.statusCode} not the error shape: ${res.body.slice(0, 200)}`,
                  );
                  return false;
                }
              }
              return true;
            },
          ),
          { numRuns: runsPerOperation, endOnFailure: true },
        )
        .catch(() => undefined);
    }
    expect(failures).toEqual([]);
  }, 240_000);
});

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

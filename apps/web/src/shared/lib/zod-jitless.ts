/*
 * Zod compiles its object parsers with `new Function` unless told not to, probing for eval
 * first; under the server's Content-Security-Policy (no 'unsafe-eval', decision 049) the probe
 * is refused and reported as a violation. Interpreted parsing is fast enough for our forms.
 *
 * Zod keeps its settings on `globalThis.__zod_globalConfig` (zod/v4/core/core.js) and adopts an
 * object it finds there, so the setting is made without importing zod: importing `config` from
 * zod/v4/core put about 4 KB of zod into the first download (decision 056). Imported first by
 * main.tsx, before any schema parses; zod-jitless.test.ts checks that zod still honours it.
 */
const scope = globalThis as typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;

export {};

import { config } from 'zod/v4/core';

/*
 * Zod compiles its object parsers with `new Function` unless told not to, probing for eval
 * first; under the server's Content-Security-Policy (no 'unsafe-eval', decision 049) the probe
 * is refused and reported as a violation. Interpreted parsing is fast enough for our forms.
 * Imported first by main.tsx, before any schema parses; `config` alone keeps zod's schemas
 * out of the first download.
 */
config({ jitless: true });

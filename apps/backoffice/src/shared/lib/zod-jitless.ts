import { config } from 'zod';

/*
 * Zod compiles object parsers with `new Function` unless told not to; under a Content-Security-
 * Policy without 'unsafe-eval' the probe is refused and reported. Interpreted parsing is fast
 * enough for a back office. Imported first by main.tsx, before any schema parses.
 */
config({ jitless: true });

// Entry point: start the server, and stop it gracefully on SIGTERM/SIGINT (start-server.ts).
// Built, this file is a bundle of its own (build.mjs) that loads only node: modules before it
// starts writing the migrated image into a new data folder on another thread; the server's
// modules (server-main.js: the npm packages and the rest of our code) load meanwhile
// (decision 096).
import { writeImageAhead } from './db/pglite-image-ahead';

const imageAhead = writeImageAhead(process.env);
const { runServer } = await import('./start-server');
await runServer(imageAhead);

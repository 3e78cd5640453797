import Fastify from 'fastify';
import { createStudios } from './create-studios';
import { optionsFromEnv } from './env';

// Standalone studios on their own port: the operator's server points its provider URLs here.
let config: ReturnType<typeof optionsFromEnv>;
try {
  config = optionsFromEnv(process.env);
} catch (error) {
  console.error(`studios: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const app = Fastify({ logger: { level: process.env['LOG_LEVEL'] ?? 'info' }, trustProxy: true });
await app.register(createStudios(config.options));
app.get('/health', (_request, reply) => reply.send({ status: 'ok' }));

const stop = (): void => {
  void app.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

await app.listen({ port: config.port, host: config.host });

import type { Tracer } from '@opentelemetry/api';
import type { Redis } from 'ioredis';
import { endWhenSettled, startClientSpan } from './client-spans';

/**
 * ioredis: every command (a script's EVAL, GET, PUBLISH …) goes through sendCommand. The span
 * is named for the command; its arguments (keys with ids, chat messages) are not recorded.
 */
export function traceRedis(tracer: Tracer, client: Redis): void {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command, stream) => {
    const name = command.name.toUpperCase();
    const span = startClientSpan(tracer, name, {
      'db.system.name': 'redis',
      'db.operation.name': name,
    });
    const result = send(command, stream);
    if (span) endWhenSettled(span, command.promise);
    return result;
  };
}

import { describe, expect, it } from 'vitest';
import { isAppError } from '../errors';
import { createUploadGate } from './upload-gate';

/** A promise with its resolve, to hold an upload "in progress". */
function held() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
}

describe('the upload gate (issue 25)', () => {
  it('lets one upload per player through at a time: a second is 429', async () => {
    const gate = createUploadGate({ concurrent: 2, waiting: 4 });
    const first = held();
    const running = gate.run('p1', () => first.promise);
    const second = await refusal(gate.run('p1', () => Promise.resolve()));
    expect(isAppError(second) && [second.statusCode, second.code]).toEqual([429, 'RATE_LIMITED']);
    // Another player is not held up by it.
    expect(await gate.run('p2', () => Promise.resolve('done'))).toBe('done');
    first.release();
    await running;
    expect(await gate.run('p1', () => Promise.resolve('again'))).toBe('again');
  });

  it('runs `concurrent` at once per instance, queues `waiting`, and answers 503 past that', async () => {
    const gate = createUploadGate({ concurrent: 2, waiting: 1 });
    const holds = [held(), held(), held()];
    const started: string[] = [];
    const runs = holds.map((hold, i) =>
      gate.run(`p${i}`, async () => {
        started.push(`p${i}`);
        await hold.promise;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['p0', 'p1']);
    expect(gate.load()).toEqual({ running: 2, waiting: 1 });
    const over = await refusal(gate.run('p9', () => Promise.resolve()));
    expect(isAppError(over) && [over.statusCode, over.retryAfterSeconds]).toEqual([503, 5]);
    holds[0]!.release();
    await runs[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['p0', 'p1', 'p2']);
    holds[1]!.release();
    holds[2]!.release();
    await Promise.all(runs);
    expect(gate.load()).toEqual({ running: 0, waiting: 0 });
  });
});

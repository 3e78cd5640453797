import { describe, expect, it } from 'vitest';
import { TransportError } from './http';
import { Reconciler } from './reconciler';
import { withRetry, type Attempt } from './retry';

const policy = { attempts: 3, baseDelayMs: 1, maxDelayMs: 2, timeoutMs: 100 };

describe('withRetry', () => {
  it('repeats retryable failures and transport errors, then succeeds', async () => {
    const script: (() => Attempt<string>)[] = [
      () => {
        throw new TransportError('timeout', 'slow');
      },
      () => ({ kind: 'retry', reason: 'HTTP 503' }),
      () => ({ kind: 'ok', value: 'done' }),
    ];
    let n = 0;
    const outcome = await withRetry(policy, () =>
      Promise.resolve().then(() => (script[n++] as () => Attempt<string>)()),
    );
    expect(outcome).toEqual({ kind: 'ok', value: 'done', attempts: 3 });
  });

  it('stops at a refusal and reports unconfirmed after the last attempt', async () => {
    let n = 0;
    const refused = await withRetry(policy, () => {
      n++;
      return Promise.resolve<Attempt<never>>({
        kind: 'refused',
        code: 'INSUFFICIENT_FUNDS',
        message: 'x',
      });
    });
    expect(refused.kind).toBe('refused');
    expect(n).toBe(1);
    const unconfirmed = await withRetry(policy, () =>
      Promise.resolve<Attempt<never>>({ kind: 'retry', reason: 'down' }),
    );
    expect(unconfirmed).toEqual({ kind: 'unconfirmed', reason: 'down', attempts: 3 });
  });

  it('lets other exceptions through (a bug is not a network failure)', async () => {
    await expect(withRetry(policy, () => Promise.reject(new TypeError('bug')))).rejects.toThrow(
      TypeError,
    );
  });
});

describe('Reconciler', () => {
  it('retries until done and gives up after the maximum age', async () => {
    const gaveUp: string[] = [];
    const reconciler = new Reconciler({
      intervalMs: 10,
      maxDelayMs: 10,
      maxAgeMs: 30,
      onGiveUp: (label) => gaveUp.push(label),
    });
    let tries = 0;
    reconciler.add('flaky', () => Promise.resolve(++tries >= 2));
    reconciler.add('dead', () => Promise.resolve(false));
    await reconciler.runDue(true);
    expect(reconciler.pending).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 40));
    await reconciler.runDue(true);
    expect(tries).toBe(2);
    expect(reconciler.pending).toBe(0);
    expect(gaveUp).toEqual(['dead']);
    reconciler.close();
  });
});

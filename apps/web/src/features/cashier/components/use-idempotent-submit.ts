import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../api/payments';
import { isRetriable } from '../lib/submission-errors';

/**
 * One submission in flight or to be retried: its idempotency key, and what a retry of it
 * sends again instead of making anew (the card deposit's card token).
 */
export interface Attempt<Kept> {
  key: string;
  kept?: Kept;
}

/**
 * One submission at a time, each with its idempotency key: the same values sent again after
 * no answer (network, provider down) reuse the key, so the server sees one payment; changed
 * values or any final answer start a new key. A second submit while one runs is ignored.
 */
export function useIdempotentSubmit<Kept = never>() {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const current = useRef<(Attempt<Kept> & { signature: string }) | null>(null);

  const run = async <T>(
    signature: string,
    send: (key: string, attempt: Attempt<Kept>) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; error: unknown } | null> => {
    if (busyRef.current) return null;
    if (current.current?.signature !== signature) {
      current.current = { signature, key: newIdempotencyKey() };
    }
    const attempt = current.current;
    busyRef.current = true;
    setBusy(true);
    try {
      const value = await send(attempt.key, attempt);
      current.current = null;
      return { ok: true, value };
    } catch (error) {
      if (!isRetriable(error)) current.current = null;
      return { ok: false, error };
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  /** Whether a submission runs now (the render's `busy` can lag behind a click). */
  const running = () => busyRef.current;

  return { busy, run, running };
}

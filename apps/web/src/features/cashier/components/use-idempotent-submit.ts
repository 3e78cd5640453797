import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../api/payments';
import { isRetriable } from '../lib/submission-errors';

/**
 * One submission at a time, each with its idempotency key: the same values sent again after
 * no answer (network, provider down) reuse the key, so the server sees one payment; changed
 * values or any final answer start a new key. A second submit while one runs is ignored.
 */
export function useIdempotentSubmit() {
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const attempt = useRef<{ signature: string; key: string } | null>(null);

  const run = async <T>(
    signature: string,
    send: (key: string) => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; error: unknown } | null> => {
    if (busyRef.current) return null;
    if (attempt.current?.signature !== signature) {
      attempt.current = { signature, key: newIdempotencyKey() };
    }
    busyRef.current = true;
    setBusy(true);
    try {
      const value = await send(attempt.current.key);
      attempt.current = null;
      return { ok: true, value };
    } catch (error) {
      if (!isRetriable(error)) attempt.current = null;
      return { ok: false, error };
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return { busy, run };
}

import { useState } from 'react';

export type ChangeDirection = 'up' | 'down';

/** Thousandths of a decimal string ("12.5" → 12500n), or null for anything else. */
function units(text: string): bigint | null {
  const match = /^(-?)(\d+)(?:\.(\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const value = BigInt(match[2] ?? '0') * 1000n + BigInt((match[3] ?? '').padEnd(3, '0'));
  return match[1] ? -value : value;
}

/**
 * Which way a displayed amount last changed, and a key that changes with it: render the value
 * with `key={flash.key}` and a class for `flash.direction`, so its animation plays once per
 * change. Nothing on the first render. Derived while rendering (no effect, no timer).
 */
export function useChangeFlash(value: string): { key: number; direction: ChangeDirection | null } {
  const [state, setState] = useState({ value, key: 0, direction: null as ChangeDirection | null });
  if (state.value !== value) {
    const before = units(state.value);
    const after = units(value);
    const direction: ChangeDirection =
      before !== null && after !== null && after < before ? 'down' : 'up';
    const next = { value, key: state.key + 1, direction };
    setState(next);
    return next;
  }
  return state;
}

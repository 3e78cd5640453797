import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countOf, json, mockApi, type SeenRequest } from '../../../test/api-mock';
import { useAvailability } from './use-availability';

function Probe({ value }: { value: string }) {
  const { status } = useAvailability('username', value);
  return <output data-testid="status">{status}</output>;
}

function wrapper(client: QueryClient) {
  return function Wrapper({ children }: { children: ReactNode }) {
    return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  };
}

let seen: SeenRequest[];

beforeEach(() => {
  vi.useFakeTimers();
  seen = mockApi({
    'POST /user/check/username': ({ body }) =>
      json(200, { available: (body as { username: string }).username !== 'taken' }),
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const checks = () => countOf(seen, 'POST', '/user/check/username');

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('availability check', () => {
  it('asks nothing for one character, then once, 1 s after the last keystroke', async () => {
    const client = new QueryClient();
    const { rerender } = render(<Probe value="a" />, { wrapper: wrapper(client) });
    await advance(5_000);
    expect(checks()).toBe(0);
    expect(screen.getByTestId('status').textContent).toBe('idle');

    // Typing "alice", one key every 200 ms.
    for (const typed of ['al', 'ali', 'alic', 'alice']) {
      rerender(<Probe value={typed} />);
      await advance(200);
    }
    expect(checks()).toBe(0);
    expect(screen.getByTestId('status').textContent).toBe('waiting');

    await advance(799); // 999 ms after the last keystroke
    expect(checks()).toBe(0);
    await advance(1); // 1000 ms
    expect(checks()).toBe(1);
    expect(seen.at(-1)?.body).toEqual({ username: 'alice' });
    await advance(0);
    expect(screen.getByTestId('status').textContent).toBe('available');

    // Nothing more while nothing changes.
    await advance(5_000);
    expect(checks()).toBe(1);
  });

  it('reports a taken value as busy', async () => {
    const client = new QueryClient();
    render(<Probe value="taken" />, { wrapper: wrapper(client) });
    await advance(1_000);
    await advance(0);
    expect(screen.getByTestId('status').textContent).toBe('busy');
  });
});

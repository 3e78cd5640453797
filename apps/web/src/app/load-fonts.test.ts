import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fontsAtTheLatestMs, loadFontsAfterFirstScreen } from './load-fonts';

describe('the web font after the first screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the first answers in flight, then loads once', async () => {
    const client = new QueryClient();
    let answer: (value: string) => void = () => {};
    void client.fetchQuery({
      queryKey: ['games'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const load = vi.fn(() => Promise.resolve());
    loadFontsAfterFirstScreen(client, load);

    await vi.advanceTimersByTimeAsync(1000);
    expect(load).not.toHaveBeenCalled();

    answer('list');
    await vi.advanceTimersByTimeAsync(100);
    expect(load).toHaveBeenCalledTimes(1);

    // Later requests (another page, a refetch) change nothing.
    void client.fetchQuery({ queryKey: ['more'], queryFn: () => Promise.resolve(1) });
    await vi.advanceTimersByTimeAsync(fontsAtTheLatestMs * 2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads right away when nothing is being fetched', async () => {
    const load = vi.fn(() => Promise.resolve());
    loadFontsAfterFirstScreen(new QueryClient(), load);
    await vi.advanceTimersByTimeAsync(100);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever on an answer that never comes', async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<never>(() => {}) });
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    loadFontsAfterFirstScreen(client, load);
    await vi.advanceTimersByTimeAsync(fontsAtTheLatestMs - 100);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

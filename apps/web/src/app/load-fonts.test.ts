import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fontsAtTheLatestMs, loadFontsAfterFirstScreen, quietMs } from './load-fonts';

/** A stand-in for the browser's resource timing: `finish()` is one download finishing. */
function downloads() {
  let listener = () => {};
  return {
    watch: (onDownload: () => void) => {
      listener = onDownload;
      return () => (listener = () => {});
    },
    finish: () => listener(),
  };
}

describe('the web font after the first screen', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for the answers in flight and a quiet network, then loads once', async () => {
    const client = new QueryClient();
    let answer: (value: string) => void = () => {};
    void client.fetchQuery({
      queryKey: ['games'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    });
    const network = downloads();
    const load = vi.fn(() => Promise.resolve());
    loadFontsAfterFirstScreen(client, load, network.watch);

    await vi.advanceTimersByTimeAsync(quietMs * 3);
    expect(load).not.toHaveBeenCalled();

    answer('list');
    await vi.advanceTimersByTimeAsync(quietMs - 100);
    // The list's pictures arrive: the quiet starts again.
    network.finish();
    await vi.advanceTimersByTimeAsync(quietMs - 100);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(load).toHaveBeenCalledTimes(1);

    // Later requests and downloads change nothing.
    void client.fetchQuery({ queryKey: ['more'], queryFn: () => Promise.resolve(1) });
    network.finish();
    await vi.advanceTimersByTimeAsync(fontsAtTheLatestMs * 2);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads after a quiet moment when nothing is being fetched', async () => {
    const load = vi.fn(() => Promise.resolve());
    loadFontsAfterFirstScreen(new QueryClient(), load, downloads().watch);
    await vi.advanceTimersByTimeAsync(quietMs - 10);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not wait for ever on an answer that never comes', async () => {
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise<never>(() => {}) });
    const load = vi.fn(() => Promise.reject(new Error('offline')));
    loadFontsAfterFirstScreen(client, load, downloads().watch);
    await vi.advanceTimersByTimeAsync(fontsAtTheLatestMs - 100);
    expect(load).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(200);
    expect(load).toHaveBeenCalledTimes(1);
  });
});

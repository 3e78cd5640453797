import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage, preloadOf } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

function renderInSuspense(element: React.ReactElement) {
  return render(<Suspense fallback={<p>Loading</p>}>{element}</Suspense>);
}

describe('lazyPage', () => {
  it('renders a preloaded page at once, without the fallback', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Page = lazyPage(load);
    await Page.preload();
    renderInSuspense(<Page name="Ann" />);
    // Synchronously, in the first commit: no Suspense round (and no 300 ms reveal delay).
    expect(screen.getByText('Hello, Ann')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not preloaded, and downloads once', async () => {
    let resolve: (module: { default: typeof Greeting }) => void = () => undefined;
    const load = vi.fn(() => new Promise<{ default: typeof Greeting }>((done) => (resolve = done)));
    const Page = lazyPage(load);
    renderInSuspense(<Page name="Bob" />);
    expect(screen.getByText('Loading')).toBeTruthy();
    void Page.preload();
    await act(() => {
      resolve({ default: Greeting });
      return Page.preload();
    });
    expect(await screen.findByText('Hello, Bob')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries a failed download again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ default: Greeting });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    renderInSuspense(<Page name="Cy" />);
    expect(screen.getByText('Hello, Cy')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('finds the preload of an element of a lazy page, and none elsewhere', () => {
    const Page = lazyPage(() => Promise.resolve({ default: Greeting }));
    expect(preloadOf(<Page name="x" />)).toBe(Page.preload);
    expect(preloadOf(<Greeting name="x" />)).toBeUndefined();
    expect(preloadOf(<div />)).toBeUndefined();
    expect(preloadOf(undefined)).toBeUndefined();
  });
});

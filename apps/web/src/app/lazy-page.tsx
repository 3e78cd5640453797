import { lazy, type ComponentProps, type ComponentType, type ReactElement } from 'react';

/** A page component loaded on demand, which can be loaded ahead of its first render. */
export type LazyPage<C> = C & {
  /** Starts (once) the download of the page's code; resolves when it can render at once. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy, plus `preload`: once the code has arrived, the page renders directly instead of
 * through the lazy wrapper. Why: a lazy component always suspends on its first render, even
 * when its code is already here, and React reveals what a Suspense boundary was waiting for at
 * least 300 ms after it showed the fallback. On a first visit that put the lobby page (and its
 * largest paint) 300 ms behind the shell. main.tsx preloads the landing route's page before
 * the first render (the server already started its download with the page, decision 057).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any page, whatever its props
export function lazyPage<C extends ComponentType<any>>(
  load: () => Promise<{ default: C }>,
): LazyPage<C> {
  type P = ComponentProps<C>;
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<{ default: C }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download can be tried again (the lazy wrapper shows the route's error).
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload) as unknown as ComponentType<P>;
  function Page(props: P): ReactElement {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page as unknown as C, { preload });
}

/** The preload of an element's component, when it is a lazy page. */
export function preloadOf(element: unknown): (() => Promise<unknown>) | undefined {
  if (typeof element !== 'object' || element === null || !('type' in element)) return undefined;
  const { type } = element;
  const preload = typeof type === 'function' ? (type as { preload?: unknown }).preload : undefined;
  return typeof preload === 'function' ? (preload as () => Promise<unknown>) : undefined;
}

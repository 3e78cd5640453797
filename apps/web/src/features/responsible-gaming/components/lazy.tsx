import { lazy, Suspense } from 'react';

const RealityCheck = lazy(() =>
  import('./reality-check').then((m) => ({ default: m.RealityCheck })),
);
const SessionClock = lazy(() =>
  import('./session-clock').then((m) => ({ default: m.SessionClock })),
);
const LimitsOffer = lazy(() => import('./limits-offer').then((m) => ({ default: m.LimitsOffer })));

/**
 * The pieces the shell and other features show, each downloaded on first use (with zod and
 * the contract schemas): the first download does not grow.
 */
export function LazyRealityCheck({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <RealityCheck userId={userId} />
    </Suspense>
  );
}

export function LazySessionClock({ userId }: { userId: string }) {
  return (
    <Suspense fallback={null}>
      <SessionClock userId={userId} />
    </Suspense>
  );
}

export function LazyLimitsOffer(props: { userId: string; onDone: () => void }) {
  return (
    <Suspense fallback={null}>
      <LimitsOffer {...props} />
    </Suspense>
  );
}

import { useEffect, useState } from 'react';

/** The current time (epoch ms), re-rendering every `intervalMs` while `until` is in the future. */
export function useNow(until: number | null, intervalMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (until === null || until <= Date.now()) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, intervalMs);
    return () => clearInterval(timer);
  }, [until, intervalMs]);
  return now;
}

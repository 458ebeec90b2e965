import { useEffect, useState } from 'react';

/**
 * Whole seconds left of a wait that started when the calling component mounted; for display only (the machines own
 * the real timers).
 */
export function useCountdown(totalSeconds: number): number {
  const [startedAt] = useState(() => Date.now());
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, totalSeconds - Math.floor((now - startedAt) / 1000));
}

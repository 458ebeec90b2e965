import { useCallback, useEffect, useState } from 'react';
import { isApiFailure, type ApiFailure } from '../../machines/apiFailure';

export type LoadState<T> =
  { status: 'loading' } | { status: 'failed'; failure: ApiFailure } | { status: 'loaded'; data: T };

type Settled<T> = { key: string; attempt: number } & (
  { status: 'failed'; failure: ApiFailure } | { status: 'loaded'; data: T }
);

/**
 * One read for a screen (accounts, top-up details, one transaction), reloaded when `key` changes, with a way to try
 * again after a failure. `load` must be stable for a given key (wrap it in useCallback). An answer for another key
 * or an earlier attempt never shows: the state reads "loading" until the current one arrives.
 */
export function useLoad<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
): { state: LoadState<T>; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (data) => setSettled({ key, attempt, status: 'loaded', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({
          key,
          attempt,
          status: 'failed',
          failure: isApiFailure(error) ? error : { kind: 'network' },
        });
      },
    );
    return () => controller.abort();
  }, [key, attempt, load]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  if (!settled || settled.key !== key || settled.attempt !== attempt)
    return { state: { status: 'loading' }, reload };
  return {
    state: settled.status === 'loaded' ? { status: 'loaded', data: settled.data } : settled,
    reload,
  };
}

/** A 404 from the server: the thing asked for is not there (or is someone else's). */
export const isNotFound = (failure: ApiFailure): boolean => failure.kind === 'http' && failure.status === 404;

import { useCallback, useEffect, useRef, useState } from 'react';
import type { HomeOverviewResponse } from '../../schemas/home.schema';
import { isApiFailure, type ApiFailure } from '../../machines/apiFailure';
import { api, unwrap } from '../api/client';
import { onMoneyChanged } from '../api/moneyEvents';

export type OverviewState =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'loaded'; overview: HomeOverviewResponse };

/** Reads the home overview; tests give their own. Must be stable (defined once, not per render). */
export type LoadOverview = (signal: AbortSignal) => Promise<HomeOverviewResponse>;

/** GET /api/merchants/home/overview/ through the app's API client. */
export const loadOverviewFromApi: LoadOverview = (signal) =>
  unwrap(api.GET('/api/merchants/home/overview/', { signal }));

/** Coming back to the window reads the overview again, but not more often than this. */
export const focusRefreshGapMs = 5_000;

/**
 * The home overview, with a way to try again after a failure. It stays current without a reload: after every
 * successful money-moving call of this app ("money changed", src/api/moneyEvents.ts) and when the window gets the
 * focus back (another tab or device may have moved money), it is read again in the background; the figures on
 * screen stay until the new ones arrive, and a failed background read keeps them.
 */
export function useOverview(load: LoadOverview = loadOverviewFromApi): {
  state: OverviewState;
  reload: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<OverviewState>({ status: 'loading' });
  const lastRead = useRef(0);

  useEffect(() => {
    const controller = new AbortController();
    lastRead.current = Date.now();
    load(controller.signal).then(
      (overview) => setState({ status: 'loaded', overview }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const failure: ApiFailure = isApiFailure(error) ? error : { kind: 'network' };
        // A background read that fails keeps the figures already shown.
        setState((current) => (current.status === 'loaded' ? current : { status: 'failed', failure }));
      },
    );
    return () => controller.abort();
  }, [attempt, load]);

  useEffect(() => {
    const refresh = () => setAttempt((n) => n + 1);
    const stop = onMoneyChanged(refresh);
    const onFocus = () => {
      if (Date.now() - lastRead.current >= focusRefreshGapMs) refresh();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') onFocus();
    };
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      stop();
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, []);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, reload };
}

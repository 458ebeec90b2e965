import { useCallback, useEffect, useState } from 'react';
import type { HomeOverviewResponse } from '../../schemas/home.schema';
import { isApiFailure, type ApiFailure } from '../../machines/apiFailure';
import { api, unwrap } from '../api/client';

export type OverviewState =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'loaded'; overview: HomeOverviewResponse };

/** Reads the home overview; tests give their own. Must be stable (defined once, not per render). */
export type LoadOverview = (signal: AbortSignal) => Promise<HomeOverviewResponse>;

/** GET /api/merchants/home/overview/ through the app's API client. */
export const loadOverviewFromApi: LoadOverview = (signal) =>
  unwrap(api.GET('/api/merchants/home/overview/', { signal }));

/** The home overview, with a way to try again after a failure. */
export function useOverview(load: LoadOverview = loadOverviewFromApi): {
  state: OverviewState;
  reload: () => void;
} {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<OverviewState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (overview) => setState({ status: 'loaded', overview }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', failure: isApiFailure(error) ? error : { kind: 'network' } });
      },
    );
    return () => controller.abort();
  }, [attempt, load]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, reload };
}

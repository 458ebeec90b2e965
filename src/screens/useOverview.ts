import { useCallback, useEffect, useState } from 'react';
import type { HomeOverviewResponse } from '../../schemas/overview.schema';
import { isApiFailure, type ApiFailure } from '../../machines/apiFailure';
import { api, unwrap } from '../api/client';

export type OverviewState =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'loaded'; overview: HomeOverviewResponse };

/** The home overview (GET /api/merchants/home/overview/), with a way to try again after a failure. */
export function useOverview(): { state: OverviewState; reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<OverviewState>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    unwrap(api.GET('/api/merchants/home/overview/', { signal: controller.signal })).then(
      (overview) => setState({ status: 'loaded', overview }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', failure: isApiFailure(error) ? error : { kind: 'network' } });
      },
    );
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, reload };
}

/**
 * Whether the API can be reached right now, as the client last saw it: every answer but a 503 says yes, a 503
 * (the server's database is away) or no answer at all says no. While it is no, the app shows a quiet "retrying"
 * banner instead of error pages, and probes the server until it answers again (`watchService`).
 */
import { backoffDelay } from './retry';

export type ServiceState =
  { reachable: true } | { reachable: false; since: number; retryAfterSeconds?: number };

let state: ServiceState = { reachable: true };
const listeners = new Set<() => void>();

function set(next: ServiceState): void {
  state = next;
  for (const listener of listeners) listener();
}

export function serviceState(): ServiceState {
  return state;
}

export function subscribeService(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** What one attempt ended with: an answer's status, or none (offline, refused, timed out). */
export function observeAttempt(
  outcome: { status: number; retryAfterSeconds?: number } | null,
  now = Date.now(),
) {
  if (outcome !== null && outcome.status !== 503) {
    if (!state.reachable) set({ reachable: true });
    return;
  }
  const since = state.reachable ? now : state.since;
  const retryAfterSeconds = outcome?.retryAfterSeconds;
  set({ reachable: false, since, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) });
}

/** The longest pause between two probes while the service is away. */
export const maxProbeDelayMs = 30_000;

/**
 * The wait before the n-th probe (1, 2, ...): the server's Retry-After when it gave one, never less than the usual
 * backoff (2^n × 100 ms plus jitter), at most {@link maxProbeDelayMs}.
 */
export function probeDelay(
  probe: number,
  retryAfterSeconds: number | undefined,
  random: () => number,
): number {
  return Math.min(maxProbeDelayMs, Math.max(backoffDelay(probe, random), (retryAfterSeconds ?? 0) * 1000));
}

export type WatchOptions = {
  /** Asks the server whether it serves again; answers through `observeAttempt` like any other call. */
  probe: () => Promise<void>;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => () => void;
};

/**
 * While the service is away, probes it after {@link probeDelay}, again and again, until an answer says it is back.
 * Reads the user's screen asked for are retried by the client itself; the probe is what clears the banner when
 * nothing else is asking. Writes are never repeated here. Returns a function that stops watching.
 */
export function watchService(options: WatchOptions): () => void {
  const random = options.random ?? Math.random;
  const setTimer =
    options.setTimer ??
    ((run: () => void, ms: number) => {
      const timer = setTimeout(run, ms);
      return () => clearTimeout(timer);
    });
  let probes = 0;
  let cancel: (() => void) | null = null;
  const schedule = () => {
    cancel?.();
    cancel = null;
    const current = state;
    if (current.reachable) {
      probes = 0;
      return;
    }
    probes += 1;
    cancel = setTimer(
      () => {
        cancel = null;
        void options
          .probe()
          .catch(() => undefined)
          .finally(() => {
            if (!state.reachable && cancel === null) schedule();
          });
      },
      probeDelay(probes, current.retryAfterSeconds, random),
    );
  };
  const unsubscribe = subscribeService(() => {
    if (state.reachable) {
      cancel?.();
      cancel = null;
      probes = 0;
    } else if (cancel === null) {
      schedule();
    }
  });
  schedule();
  return () => {
    unsubscribe();
    cancel?.();
  };
}

import { afterEach, describe, expect, it } from 'vitest';
import {
  maxProbeDelayMs,
  observeAttempt,
  probeDelay,
  serviceState,
  subscribeService,
  watchService,
} from '../../src/api/serviceStatus';

/** The app's view of whether the API can be reached, which drives the quiet "retrying" banner. */
afterEach(() => observeAttempt({ status: 200 }));

describe('observeAttempt', () => {
  it('marks the service away on a 503 or on no answer, and back on any other answer', () => {
    const changes: boolean[] = [];
    const stop = subscribeService(() => changes.push(serviceState().reachable));
    observeAttempt({ status: 503, retryAfterSeconds: 5 }, 1000);
    expect(serviceState()).toEqual({ reachable: false, since: 1000, retryAfterSeconds: 5 });
    observeAttempt(null, 2000);
    // Still the same outage: it started at the first failure.
    expect(serviceState()).toEqual({ reachable: false, since: 1000 });
    observeAttempt({ status: 404 });
    expect(serviceState()).toEqual({ reachable: true });
    observeAttempt({ status: 500 });
    expect(serviceState().reachable).toBe(true);
    stop();
    expect(changes).toEqual([false, false, true]);
  });
});

describe('probeDelay', () => {
  it('waits the usual backoff, at least Retry-After, at most 30 s', () => {
    expect(probeDelay(1, undefined, () => 0)).toBe(200);
    expect(probeDelay(3, undefined, () => 0)).toBe(800);
    expect(probeDelay(1, 5, () => 0)).toBe(5000);
    expect(probeDelay(20, undefined, () => 0)).toBe(maxProbeDelayMs);
    expect(probeDelay(1, 3600, () => 0)).toBe(maxProbeDelayMs);
  });
});

describe('watchService', () => {
  function timers() {
    const pending: { run: () => void; ms: number }[] = [];
    return {
      pending,
      setTimer: (run: () => void, ms: number) => {
        const entry = { run, ms };
        pending.push(entry);
        return () => void pending.splice(pending.indexOf(entry), 1);
      },
      fire: async () => {
        const next = pending.shift();
        next?.run();
        // Let the probe's promise settle.
        for (let i = 0; i < 5; i += 1) await Promise.resolve();
        return next?.ms;
      },
    };
  }

  it('probes nothing while the service answers', () => {
    const clock = timers();
    let probes = 0;
    const stop = watchService({ probe: async () => void (probes += 1), setTimer: clock.setTimer });
    expect(clock.pending).toEqual([]);
    stop();
    expect(probes).toBe(0);
  });

  it('probes with growing waits while the service is away, and stops once an answer comes', async () => {
    const clock = timers();
    const answers = [503, 503, 200];
    let probes = 0;
    const stop = watchService({
      probe: async () => {
        probes += 1;
        observeAttempt({ status: answers.shift() ?? 200 });
      },
      random: () => 0,
      setTimer: clock.setTimer,
    });
    observeAttempt(null);
    expect(await clock.fire()).toBe(200);
    expect(await clock.fire()).toBe(400);
    expect(await clock.fire()).toBe(800);
    expect(probes).toBe(3);
    expect(serviceState().reachable).toBe(true);
    expect(clock.pending).toEqual([]);
    stop();
  });

  it('follows the server’s Retry-After, and a probe that throws does not stop the watch', async () => {
    const clock = timers();
    let probes = 0;
    const stop = watchService({
      probe: async () => {
        probes += 1;
        observeAttempt(null);
        throw new Error('offline');
      },
      random: () => 0,
      setTimer: clock.setTimer,
    });
    observeAttempt({ status: 503, retryAfterSeconds: 5 });
    expect(await clock.fire()).toBe(5000);
    expect(clock.pending).toHaveLength(1);
    stop();
    expect(clock.pending).toEqual([]);
    expect(probes).toBe(1);
  });
});

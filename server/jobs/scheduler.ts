export type Job = {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
};

export type JobLog = {
  info: (details: object, message: string) => void;
  error: (details: object, message: string) => void;
};

/**
 * Runs each job now and then every `everyMs`, never two runs of one job at once (a slow run makes the next one
 * wait, not pile up). Timers are unref'd so they never keep the process alive; `stop` waits for running jobs.
 */
export function startJobs(jobs: Job[], log: JobLog): { stop: () => Promise<void> } {
  const running = new Map<string, Promise<void>>();
  let stopped = false;
  const tick = (job: Job) => {
    if (stopped || running.has(job.name)) return;
    const started = Date.now();
    const run = job
      .run()
      .then((result) => log.info({ job: job.name, ms: Date.now() - started, result }, 'job done'))
      .catch((error: unknown) => log.error({ job: job.name, err: error }, 'job failed'))
      .finally(() => running.delete(job.name));
    running.set(job.name, run);
  };
  const timers = jobs.map((job) => {
    tick(job);
    const timer = setInterval(() => tick(job), job.everyMs);
    timer.unref();
    return timer;
  });
  return {
    stop: async () => {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}

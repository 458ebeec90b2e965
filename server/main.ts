import { performance } from 'node:perf_hooks';
import { runAdvertisingMessages } from './advertising/delivery';
import { buildApp } from './app';
import { runBilling } from './billing/renewals';
import { warmUpPasswords } from './auth/passwords';
import { loadConfig, sandboxExposureWarning } from './config';
import { createDatabase } from './db/database';
import { FolderInUseError } from './db/lock';
import { payCashback } from './cards/cashback';
import { waitForDatabase } from './db/connectionErrors';
import { migrate } from './db/migrate';
import { deliverMessages, deliverPending } from './notify/outbox';
import { purgeExpired } from './jobs/housekeeping';
import { startJobs } from './jobs/scheduler';
import { runDueScheduledPayments } from './payments/scheduledPayments';
import { runSettlement } from './payments/settlement';
import { paymentSettings } from './payments/settings';
import { demoMerchants, seedDemo } from './seed';

const started = performance.now();
const config = loadConfig();
const db = (() => {
  try {
    return createDatabase({
      dataDir: config.dataDir,
      databaseUrl: config.databaseUrl,
      durable: config.embeddedFsync,
    });
  } catch (error) {
    // Another process has the embedded folder: say which one, without a stack trace.
    if (!(error instanceof FolderInUseError)) throw error;
    console.error(error.message);
    return process.exit(1);
  }
})();
// A database that is restarting or not up yet is waited for (and said so), not a reason to exit.
await waitForDatabase(() => migrate(db), { log: (line) => console.warn(line) });
const seeded = config.environment === 'production' ? false : await seedDemo(db, config.demoPassword);
const app = await buildApp({ config, db });
await warmUpPasswords();
const payments = paymentSettings();
const jobs = startJobs(
  [
    { name: 'purgeExpired', everyMs: 60 * 60 * 1000, run: () => purgeExpired(db) },
    { name: 'scheduledPayments', everyMs: 60 * 1000, run: () => runDueScheduledPayments(db) },
    {
      name: 'settlement',
      everyMs: payments.settlementIntervalSeconds * 1000,
      run: () => runSettlement(db, { delaySeconds: payments.settlementDelaySeconds }),
    },
    // Notifications and invitations are written to the outbox in their transaction; this sends them (docs/architecture.md).
    {
      name: 'outboxDelivery',
      everyMs: 30 * 1000,
      run: () =>
        deliverPending(db, { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl }, app.log),
    },
    // Advertising's newsletter and push placements: each running campaign to the merchants not sent it yet (idempotent).
    {
      name: 'advertisingMessages',
      everyMs: 10 * 60 * 1000,
      run: () => runAdvertisingMessages(db, { appUrl: config.appUrl, jwtSecret: config.secrets.jwtSecret }),
    },
    // Hourly, but it pays only the months that have ended: the first run of each month pays, the others find nothing.
    { name: 'cashbackPayout', everyMs: 60 * 60 * 1000, run: () => payCashback(db, new Date()) },
    // Renewals, retries of failed ones, downgrades and due account deletions; each is idempotent (docs/plans.md).
    {
      name: 'billing',
      everyMs: 5 * 60 * 1000,
      run: () =>
        runBilling(db, new Date(), {
          onMessages: (ids) =>
            void deliverMessages(
              db,
              ids,
              { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl },
              app.log,
            ).catch((error: unknown) => app.log.warn({ err: error }, 'outbox delivery failed')),
        }),
    },
  ],
  app.log,
);

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await jobs.stop();
  await app.close();
  await db.destroy();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const url = `http://localhost:${config.port}`;
const lines = [''];
if (config.environment !== 'production') {
  lines.push(
    seeded ? 'Created the demo merchants. Sign in with:' : 'Sign in with a demo merchant:',
    ...demoMerchants.map((m) => `  ${m.name.padEnd(12)} ${m.owner.email}`),
    `  password     ${config.demoPassword}`,
    `One-time codes appear at ${url}/dev/outbox`,
    '',
  );
}
lines.push(`Tameio ready on ${url} in ${Math.round(performance.now() - started)} ms`);
console.log(lines.join('\n'));
if (!config.databaseUrl && !config.embeddedFsync) {
  console.warn(
    'EMBEDDED_FSYNC=off: commits are not flushed to disk; a power cut can lose them (a throwaway database only).',
  );
}
const exposure = sandboxExposureWarning(config);
if (exposure) {
  const rule = '!'.repeat(100);
  console.warn([rule, exposure, rule].join('\n'));
  app.log.warn({ host: config.host }, 'sandbox reachable from other machines');
}

/**
 * The bank's review desk from the command line, against the configured database (DATA_DIR / DATABASE_URL):
 *
 *   npm run review -- <merchant id or owner email> --approve
 *   npm run review -- <merchant id or owner email> --reject "reason"
 *
 * It calls the same domain function as the sandbox endpoint, as a sandbox reviewer for tests and demos: it bypasses
 * the back office's four-eyes on flagged merchants and confirms identity photos still awaiting a person (the bank's
 * reviewers decide in the back office, /api/back-office/merchant-reviews/). With the embedded database, stop the server first:
 * PGlite opens its folder in one process only, and the folder's lock refuses this command while a server has it.
 */
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { FolderInUseError } from '../server/db/lock';
import { migrate } from '../server/db/migrate';
import { deliverMessages } from '../server/notify/outbox';
import { findMerchant, reviewMerchant, type ReviewDecision } from '../server/onboarding/review';

const usage = 'usage: npm run review -- <merchant id or owner email> --approve | --reject "reason"';

function parse(args: string[]): { who: string; decision: ReviewDecision } | null {
  const [who, flag, reason] = args;
  if (!who) return null;
  if (flag === '--approve' && args.length === 2) return { who, decision: { decision: 'approve' } };
  if (flag === '--reject' && reason?.trim() && args.length === 3) {
    return { who, decision: { decision: 'reject', reason } };
  }
  return null;
}

const parsed = parse(process.argv.slice(2));
if (!parsed) {
  console.error(usage);
  process.exit(2);
}

const config = loadConfig();
const db = (() => {
  try {
    return createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    // A running server has the embedded folder: say which one, without a stack trace.
    if (!(error instanceof FolderInUseError)) throw error;
    console.error(error.message);
    return process.exit(1);
  }
})();
try {
  await migrate(db);
  const merchantId = await findMerchant(db, parsed.who);
  if (!merchantId) throw new Error(`no merchant with id or owner email ${parsed.who}`);
  const outcome = await reviewMerchant(
    db,
    merchantId,
    parsed.decision,
    `cli:${process.env.USER ?? 'unknown'}`,
  );
  await deliverMessages(
    db,
    outcome.outboxIds,
    { smtpUrl: config.smtpUrl, smsWebhookUrl: config.smsWebhookUrl },
    {
      warn: (obj, msg) => console.warn(msg, obj),
    },
  );
  console.log(
    outcome.status === 'approved'
      ? `Approved merchant ${merchantId}; EUR account IBAN ${outcome.iban ?? '?'}; the owner was emailed.`
      : `Rejected merchant ${merchantId}; the owner was emailed the reason.`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await db.destroy();
}

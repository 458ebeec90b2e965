/**
 * Checks the audit trail's hash chain against the configured database (DATA_DIR / DATABASE_URL):
 *
 *   npm run audit:verify
 *
 * Prints in words whether every entry still follows the one before it and still gives its own hash (exit 0), or
 * the first entry that does not (exit 1). The head hash it prints is worth keeping somewhere else: an entry removed
 * from the very end leaves no break behind it, but the head no longer matches the one kept (ADR 022).
 * With the embedded database, stop the server first (PGlite opens its folder in one process only).
 */
import { verifyAuditChain } from '../server/audit/auditTrail';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { FolderInUseError } from '../server/db/lock';
import { migrate } from '../server/db/migrate';

const config = loadConfig();
const db = (() => {
  try {
    return createDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error;
    console.error(error.message);
    return process.exit(1);
  }
})();
let exitCode = 0;
try {
  await migrate(db);
  const result = await verifyAuditChain(db);
  if (result.ok) {
    console.log(
      result.entries === 0
        ? 'The audit trail is empty: nothing to check.'
        : `The audit trail is intact: all ${result.entries} entries follow one another and match their hashes. ` +
            `Last hash: ${result.head ?? ''}`,
    );
  } else {
    const { broken } = result;
    const what =
      broken.reason === 'changed'
        ? 'was changed after it was written (its fields no longer give its hash)'
        : 'does not follow the entry before it (that entry was changed, or entries between them were removed)';
    const before =
      result.entries === 0
        ? 'It is the first entry.'
        : result.entries === 1
          ? 'The one entry before it is intact.'
          : `The ${result.entries} entries before it are intact.`;
    console.error(
      `The audit trail is broken at entry ${broken.id.toString()} (${broken.action}, ` +
        `${broken.occurredAt.toISOString()}): it ${what}. ${before}`,
    );
    exitCode = 1;
  }
} finally {
  await db.destroy();
}
process.exit(exitCode);

/**
 * The bank's staff accounts from the command line, against the configured database (DATA_DIR / DATABASE_URL):
 *
 *   npm run staff -- add <email> --role reviewer|operations|admin [--name "Full Name"]
 *   npm run staff -- list
 *   npm run staff -- disable <email>
 *
 * `add` prints the first password and the authenticator app's secret (and its otpauth:// link) once: hand them over in
 * person. The staff member signs in at /back-office with both and adds a passkey there. The first admin is made here;
 * the next ones can be made by an admin in the back office. With the embedded database, stop the server first (PGlite
 * opens its folder in one process only).
 */
import { staffRoles } from '../schemas/permissions';
import { loadConfig } from '../server/config';
import { createDatabase } from '../server/db/database';
import { FolderInUseError } from '../server/db/lock';
import { migrate } from '../server/db/migrate';
import { AppError } from '../server/errors';
import { createStaff, disableStaff, listStaff } from '../server/staff/staffAccounts';

const usage = [
  'usage: npm run staff -- add <email> --role reviewer|operations|admin [--name "Full Name"]',
  '       npm run staff -- list',
  '       npm run staff -- disable <email>',
].join('\n');

type Command =
  | { kind: 'add'; email: string; role: string; name: string }
  | { kind: 'list' }
  | { kind: 'disable'; email: string };

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function parse(args: string[]): Command | null {
  const [verb, email] = args;
  if (verb === 'list' && args.length === 1) return { kind: 'list' };
  if (verb === 'disable' && email && args.length === 2) return { kind: 'disable', email };
  if (verb === 'add' && email && !email.startsWith('--')) {
    const role = option(args, '--role');
    if (!role || !(staffRoles as readonly string[]).includes(role)) return null;
    const name = option(args, '--name') ?? email.split('@')[0] ?? email;
    return { kind: 'add', email, role, name };
  }
  return null;
}

const command = parse(process.argv.slice(2));
if (!command) {
  console.error(usage);
  process.exit(2);
}

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
try {
  await migrate(db);
  if (command.kind === 'add') {
    const made = await createStaff(
      db,
      config.secrets.cardEncryptionKey,
      { email: command.email, name: command.name, role: command.role },
      null,
    );
    console.log(
      [
        `Staff member ${made.staff.email} (${made.staff.role}) created.`,
        `First password:        ${made.password}`,
        `Authenticator secret:  ${made.totpSecret}`,
        `Authenticator link:    ${made.totpUri}`,
        'Hand these over in person; they are not shown again. Sign in at /back-office and add a passkey there.',
      ].join('\n'),
    );
  } else if (command.kind === 'list') {
    for (const staff of await listStaff(db)) {
      console.log(`${staff.email}\t${staff.role}\t${staff.status}\tpasskeys: ${staff.passkeys}`);
    }
  } else {
    const staff = (await listStaff(db)).find((s) => s.email === command.email.trim().toLowerCase());
    if (!staff) throw new Error(`no staff member with email ${command.email}`);
    await disableStaff(db, staff.id, null);
    console.log(`Disabled ${staff.email}; their sessions have ended.`);
  }
} catch (error) {
  // A refused field says what to fix; the message says the same when there is only one.
  const fields = error instanceof AppError ? Object.values(error.fields ?? {}) : [];
  const message = error instanceof Error ? error.message : String(error);
  console.error([message, ...fields.filter((field) => field !== message)].join(' '));
  process.exitCode = 1;
} finally {
  await db.destroy();
}

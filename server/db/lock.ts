import { closeSync, existsSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/**
 * One process per embedded database folder. PGlite does not lock its folder, and two processes writing one folder
 * corrupt the ledger without either noticing (entries that do not sum to zero, an index that disagrees with its
 * table). Everything that opens the embedded database takes this lock first: the server, `npm run review`, every
 * script.
 *
 * The lock is a file created with O_EXCL holding the owner's pid, its start time as the kernel reports it, its
 * command line and when it took the lock. A second opener refuses at once and names the owner. A lock whose pid is
 * no longer running, or is running but started at another time (the pid was reused after a kill -9), is stale and
 * is taken over. Released by `release()` and, as a last resort, when the process exits.
 */

export type LockHolder = {
  pid: number;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat), null where /proc is missing. */
  startTicks: number | null;
  /** The holder's command line when it took the lock. */
  command: string;
  /** When the lock was taken (ISO 8601). */
  since: string;
};

export type FolderLock = {
  file: string;
  release: () => void;
};

export class FolderInUseError extends Error {
  readonly holder: LockHolder;
  readonly folder: string;

  constructor(folder: string, holder: LockHolder) {
    super(
      `The data folder ${folder} is in use by process ${holder.pid} (${holder.command}, running since ` +
        `${holder.since}). One process at a time may open an embedded database: stop that process, or give ` +
        `this one another DATA_DIR, or point both at PostgreSQL with DATABASE_URL.`,
    );
    this.name = 'FolderInUseError';
    this.holder = holder;
    this.folder = folder;
  }
}

export const lockFileName = 'tameio.lock';

/** Field 22 of /proc/<pid>/stat: when the process started, which tells a reused pid from the original. */
export function processStartTicks(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[19]);
    return Number.isFinite(ticks) ? ticks : null;
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the process that wrote this lock is still the one running under its pid. */
export function holderAlive(holder: LockHolder): boolean {
  if (!isRunning(holder.pid)) return false;
  if (holder.startTicks === null) return true;
  const ticks = processStartTicks(holder.pid);
  return ticks === null || ticks === holder.startTicks;
}

function readHolder(file: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid === 'number' && Number.isInteger(parsed.pid) && parsed.pid > 0) {
      return {
        pid: parsed.pid,
        startTicks: typeof parsed.startTicks === 'number' ? parsed.startTicks : null,
        command: typeof parsed.command === 'string' ? parsed.command : 'unknown command',
        since: typeof parsed.since === 'string' ? parsed.since : 'an unknown time',
      };
    }
  } catch {
    // A lock cut short (its writer killed between create and write) names nobody: treated as stale below.
  }
  return { pid: 0, startTicks: null, command: 'unreadable lock file', since: 'an unknown time' };
}

function currentHolder(): LockHolder {
  return {
    pid: process.pid,
    startTicks: processStartTicks(process.pid),
    command: [process.argv0, ...process.execArgv, ...process.argv.slice(1)].join(' '),
    since: new Date().toISOString(),
  };
}

function tryCreate(file: string, holder: LockHolder): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'wx', 0o644);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, JSON.stringify(holder) + '\n');
  } finally {
    closeSync(fd);
  }
  return true;
}

const sameHolder = (a: LockHolder | null, b: LockHolder | null) =>
  a !== null && b !== null && a.pid === b.pid && a.startTicks === b.startTicks && a.since === b.since;

/**
 * Takes the lock on `folder` (which must exist) or throws FolderInUseError naming the process that holds it.
 * Synchronous: it runs before PGlite touches the folder.
 */
export function lockFolder(folder: string): FolderLock {
  const file = path.join(folder, lockFileName);
  const me = currentHolder();
  for (let attempt = 0; attempt < 5; attempt += 1) {
    if (tryCreate(file, me)) return { file, release: releaser(file, me) };
    const holder = readHolder(file);
    if (holder === null) continue; // released between our create and our read
    if (holder.pid !== 0 && holderAlive(holder)) throw new FolderInUseError(folder, holder);
    // Stale. Move it aside under a name of our own, then check that what we moved is the stale lock we judged:
    // two starters taking over at once must not both win.
    const aside = `${file}.stale-${process.pid}`;
    try {
      renameSync(file, aside);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const moved = readHolder(aside);
    if (moved !== null && moved.pid !== 0 && holderAlive(moved) && !sameHolder(moved, holder)) {
      // Another starter took over first and we moved its fresh lock: put it back and refuse.
      renameSync(aside, file);
      throw new FolderInUseError(folder, moved);
    }
    unlinkSync(aside);
  }
  const holder = readHolder(file);
  if (holder) throw new FolderInUseError(folder, holder);
  throw new Error(`could not lock ${folder}`);
}

function releaser(file: string, me: LockHolder): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never one another process took over after ours was judged stale.
    if (existsSync(file) && sameHolder(readHolder(file), me)) unlinkSync(file);
  };
  // A script that ends with process.exit() before closing its database still leaves the folder free.
  process.on('exit', release);
  return release;
}

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs, {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it, vi } from 'vitest';
import { createDatabase } from '../../server/db/database';
import { FolderInUseError, lockFileName, processStartTicks, type LockHolder } from '../../server/db/lock';
import { migrate } from '../../server/db/migrate';
import { ledgerInvariants } from '../../server/ledger';
import { expectHealthy, fund } from './money';

/**
 * One process per embedded folder, and a folder that survives a kill -9 during writes. Embedded only: on the
 * PostgreSQL pass the server's own tests cover what the database guarantees.
 */

const root = path.resolve(import.meta.dirname, '../..');
const template = inject('apiDatabaseTemplate');
const folders: string[] = [];

/** A data folder holding a copy of the run's migrated and seeded template. */
function seededFolder(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-folder-'));
  folders.push(dataDir);
  if (template.kind === 'pglite') cpSync(template.dir, path.join(dataDir, 'pglite'), { recursive: true });
  return dataDir;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

type Server = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

/** `node --import tsx server/main.ts` on a folder, as scripts/liveServer.ts starts it (HOST left to its default). */
function spawnServer(dataDir: string, port: number): Server {
  const env: Record<string, string | undefined> = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    WEB_DIR: path.join(dataDir, 'no-web'),
  };
  delete env.HOST;
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// Starting means compiling server/main.ts with tsx and opening and migrating the folder: seconds when the machine is
// idle, over a minute when CI's other lanes share its two cores. This waits for it; it measures nothing.
async function ready(server: Server, timeoutMs = 240_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes('Tameio ready on')) {
    if (server.child.exitCode !== null) throw new Error(`the server exited:\n${server.output()}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A pid nobody runs now: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('could not spawn');
  return child.pid;
}

const lockOf = (dataDir: string) =>
  JSON.parse(readFileSync(path.join(dataDir, lockFileName), 'utf8')) as LockHolder;

describe.skipIf(template.kind !== 'pglite')('one process per embedded folder', () => {
  it('refuses a second opener, naming the process that holds the folder, and frees it on close', async () => {
    const dataDir = seededFolder();
    const db = createDatabase({ dataDir, databaseUrl: undefined });
    expect(lockOf(dataDir)).toMatchObject({ pid: process.pid, startTicks: processStartTicks(process.pid) });
    let refused: unknown;
    try {
      createDatabase({ dataDir, databaseUrl: undefined });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(FolderInUseError);
    expect((refused as Error).message).toContain(`in use by process ${process.pid}`);
    expect((refused as Error).message).toContain(dataDir);
    // The holder's database works on: the refusal touched nothing.
    await migrate(db);
    await db.destroy();
    expect(existsSync(path.join(dataDir, lockFileName))).toBe(false);
    const again = createDatabase({ dataDir, databaseUrl: undefined });
    await again.destroy();
  });

  it('takes over a stale lock: a pid no longer running, a reused pid, a lock cut short', async () => {
    const dataDir = seededFolder();
    const file = path.join(dataDir, lockFileName);
    const stale: LockHolder[] = [
      { pid: deadPid(), startTicks: null, command: 'node server/main.ts', since: new Date().toISOString() },
      // Our own pid, but a process that started at another time: the pid was reused after its owner died.
      {
        pid: process.pid,
        startTicks: (processStartTicks(process.pid) ?? 1) - 1,
        command: 'node server/main.ts',
        since: new Date().toISOString(),
      },
    ];
    for (const holder of stale) {
      writeFileSync(file, JSON.stringify(holder));
      const db = createDatabase({ dataDir, databaseUrl: undefined });
      expect(lockOf(dataDir)).toMatchObject({ pid: process.pid, startTicks: processStartTicks(process.pid) });
      await db.destroy();
    }
    writeFileSync(file, '');
    const db = createDatabase({ dataDir, databaseUrl: undefined });
    expect(lockOf(dataDir).pid).toBe(process.pid);
    await db.destroy();
  });

  it('a real server: a second one is refused at once; killed -9 during payments, the folder opens with the ledger intact', async () => {
    const dataDir = seededFolder();
    const setup = createDatabase({ dataDir, databaseUrl: undefined });
    const account = await setup
      .selectFrom('ledger_accounts')
      .select(['id', 'iban'])
      .where('iban', 'is not', null)
      .where('currency', '=', 'EUR')
      .executeTakeFirstOrThrow();
    await setup.destroy();

    const port = await freePort();
    const server = spawnServer(dataDir, port);
    try {
      await ready(server);
      const pid = server.child.pid;
      // Outside production, with no HOST, it listens on loopback and has nothing to warn about.
      expect(server.output()).not.toContain('WARNING: the sandbox');
      expect(lockOf(dataDir)).toMatchObject({ pid });
      expect(lockOf(dataDir).command).toContain('server/main.ts');

      const second = spawnServer(dataDir, await freePort());
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`in use by process ${pid} (`);
      expect(second.output()).toContain('server/main.ts');
      expect(() => createDatabase({ dataDir, databaseUrl: undefined })).toThrow(`in use by process ${pid}`);
      // The review desk's command is refused the same way, in words rather than a stack trace.
      const review = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'scripts/review.ts', 'owner@example.com', '--approve'],
        { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, encoding: 'utf8' },
      );
      expect(review.status).toBe(1);
      expect(review.stderr).toContain(`in use by process ${pid} (`);
      expect(review.stderr).not.toMatch(/^\s+at /m);

      // Payments from four clients; kill -9 while they are in flight.
      const acknowledged: string[] = [];
      let stop = false;
      const client = async () => {
        while (!stop) {
          const key = `kill-${randomBytes(6).toString('hex')}`;
          try {
            const response = await fetch(`http://127.0.0.1:${port}/api/sandbox/incoming-transfers/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': key },
              body: JSON.stringify({
                iban: account.iban,
                amount_minor: '1001',
                currency: 'EUR',
                sender_name: 'Kill Test SA',
                reference: key,
              }),
            });
            if (response.status === 201) acknowledged.push(key);
            else throw new Error(`answered ${response.status}: ${await response.text()}`);
          } catch (error) {
            if (!stop) throw error;
          }
        }
      };
      const clients = [client(), client(), client(), client()];
      while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20));
      server.child.kill('SIGKILL');
      stop = true;
      await server.exited;
      await Promise.all(clients);
      expect(acknowledged.length).toBeGreaterThanOrEqual(20);

      // The killed server's lock is stale: the next opener takes over, recovers and finds every acknowledged payment.
      const db = createDatabase({ dataDir, databaseUrl: undefined });
      try {
        await migrate(db);
        expectHealthy(await ledgerInvariants(db));
        const found = await db
          .selectFrom('transfers as t')
          .innerJoin('ledger_entries as e', 'e.transfer_id', 't.id')
          .select('t.idempotency_key')
          .where('e.account_id', '=', account.id)
          .where(
            't.idempotency_key',
            'in',
            acknowledged.map((key) => `sandbox-incoming:${key}`),
          )
          .execute();
        expect(new Set(found.map((row) => row.idempotency_key.replace('sandbox-incoming:', '')))).toEqual(
          new Set(acknowledged),
        );
      } finally {
        await db.destroy();
      }
    } finally {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    }
  }, 420_000);

  it('a committed payment is on disk before it is acknowledged: its WAL is fsynced inside the commit', async () => {
    const dataDir = seededFolder();
    const db = createDatabase({ dataDir, databaseUrl: undefined });
    const synced: string[] = [];
    try {
      const settings = await sql<{ name: string; setting: string }>`
        SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit')`.execute(db);
      expect(Object.fromEntries(settings.rows.map((row) => [row.name, row.setting]))).toEqual({
        fsync: 'on',
        synchronous_commit: 'on',
      });
      const account = await db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('iban', 'is not', null)
        .executeTakeFirstOrThrow();
      const original = fs.fsyncSync;
      const watched = vi.spyOn(fs, 'fsyncSync').mockImplementation((fd) => {
        synced.push(readlinkSync(`/proc/self/fd/${String(fd)}`));
        original(fd);
      });
      await fund(db, account.id, 500n);
      // Resolved means committed: by then the WAL segment holding the commit record has been fsynced.
      watched.mockRestore();
      expect(synced.some((file) => file.includes(`${path.sep}pg_wal${path.sep}`))).toBe(true);
      synced.length = 0;
      const reading = vi.spyOn(fs, 'fsyncSync');
      await db.selectFrom('ledger_accounts').select('id').execute();
      // A read commits nothing and waits for no disk.
      expect(reading).not.toHaveBeenCalled();
      reading.mockRestore();
    } finally {
      vi.restoreAllMocks();
      await db.destroy();
    }
  });
});

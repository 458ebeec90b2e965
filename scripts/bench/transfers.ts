/**
 * `npm run bench:transfers`: wallet-to-wallet `sendMoney` over HTTP with CLIENTS concurrent clients for
 * DURATION seconds, against the API server on PostgreSQL, then pgbench's built-in TPC-B-like run (`-i -s 4`,
 * `-c 4 -j 2 -T 30`) on the same cluster; prints transfers/s, p50/p99 latency, pgbench's tps and the ratio.
 *
 * PostgreSQL: DATABASE_URL (a server URL; the bench creates and drops its own databases on it), or else a scratch
 * cluster started here (Debian's PostgreSQL 15, 127.0.0.1) and stopped at the end. DURABLE=1 keeps PostgreSQL's
 * defaults (fsync, synchronous_commit and full_page_writes on: every commit waits for its WAL flush, as a bank's
 * server must); without it they are off, as in .ci/run's scratch cluster, so only CPU is measured. Both programs run
 * on the same cluster with the same settings either way. SOCKET=1 (scratch cluster only): the API and pgbench both
 * connect over the cluster's Unix socket instead of TCP on 127.0.0.1, as a database on the API's own machine would be
 * reached. pgbench: PGBENCH, or /usr/lib/postgresql/15/bin/pgbench.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { assignWalletTag, ensureMerchantAccount } from '../../server/accounts';
import { hashPassword } from '../../server/auth/passwords';
import { createDatabase } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { ledgerInvariants, postTransfer, systemAccount } from '../../server/ledger';
import { freePort, signInOverHttp } from '../liveServer';
import { percentile, startServer } from './serverProcess';

const clients = Number(process.env.CLIENTS ?? 16);
const durationSeconds = Number(process.env.DURATION ?? 30);
const merchantCount = Number(process.env.MERCHANTS ?? Math.max(2 * clients, 8));
const pgbenchSeconds = Number(process.env.PGBENCH_SECONDS ?? 30);
const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const pgbench = process.env.PGBENCH ?? path.join(pgBin, 'pgbench');
const password = 'Bench-Password-2026';
const durable = process.env.DURABLE === '1';
const overSocket = process.env.SOCKET === '1' && !process.env.DATABASE_URL;

/** `postmasterPid`: known for a scratch cluster (its backends' CPU time is then measured), not for DATABASE_URL. */
type Cluster = { url: string; stop: () => void; postmasterPid?: () => number };

/** utime + stime of a process in ms (Linux /proc, 100 ticks a second), 0 if it is gone. */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU ms of a process and its children (PostgreSQL's backends are the postmaster's). */
function treeCpuMs(pid: number): number {
  let total = cpuMs(pid);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1]?.split(' ')[1];
      if (Number(ppid) === pid) total += cpuMs(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** A throwaway PostgreSQL cluster on a free port; as root it runs as the `postgres` user, as initdb demands. */
async function scratchCluster(): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tameio-bench-pg-'));
  const isRoot = process.getuid?.() === 0;
  const user = isRoot ? 'postgres' : (process.env.USER ?? 'postgres');
  const run = (command: string, args: string[]) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', command, ...args], { stdio: 'pipe' })
      : execFileSync(command, args, { stdio: 'pipe' });
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  run(path.join(pgBin, 'initdb'), ['-D', data, '-U', user, '--auth=trust', '--encoding=UTF8', '--no-locale']);
  const relaxed = durable ? '' : '-c fsync=off -c synchronous_commit=off -c full_page_writes=off ';
  const options = `-h 127.0.0.1 -p ${port} -k ${dir} ${relaxed}-c max_connections=200`;
  run(path.join(pgBin, 'pg_ctl'), [
    '-D',
    data,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    options,
    'start',
  ]);
  return {
    // `?host=<dir>`: node-postgres connects to the socket in that folder; pgbench gets `-h <dir>`.
    url: overSocket
      ? `postgres://${user}@localhost:${port}/postgres?host=${encodeURIComponent(dir)}`
      : `postgres://${user}@127.0.0.1:${port}/postgres`,
    postmasterPid: () => Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop: () => {
      try {
        run(path.join(pgBin, 'pg_ctl'), ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type BenchMerchant = { email: string; tag: string; token: string };

/** Approved merchants with a funded EUR account, created straight in the database before the server starts. */
async function prepareMerchants(url: string): Promise<Omit<BenchMerchant, 'token'>[]> {
  const db = createDatabase({ dataDir: tmpdir(), databaseUrl: url, poolSize: 4 });
  try {
    await migrate(db);
    const hash = await hashPassword(password);
    const external = await systemAccount(db, 'EUR', 'external');
    const list: Omit<BenchMerchant, 'token'>[] = [];
    for (let i = 0; i < merchantCount; i += 1) {
      const merchant = await db
        .insertInto('merchants')
        .values({ name: `Bench Shop ${i}`, status: 'approved' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const email = `bench${i}@tameio.test`;
      await db
        .insertInto('users')
        .values({
          merchant_id: merchant.id,
          email,
          phone: null,
          password_hash: hash,
          first_name: 'Bench',
          last_name: `${i}`,
          is_owner: true,
        })
        .execute();
      const account = await ensureMerchantAccount(db, merchant.id, 'EUR');
      await postTransfer(db, {
        type: 'incoming_bank_transfer',
        status: 'completed',
        amountMinor: 10n ** 12n,
        currency: 'EUR',
        debitAccountId: external,
        creditAccountId: account,
        counterpartyName: 'Bench funding',
        idempotencyKey: `bench-fund-${merchant.id}`,
      });
      list.push({ email, tag: await assignWalletTag(db, merchant.id) });
    }
    return list;
  } finally {
    await db.destroy();
  }
}

function runPgbench(url: string): { tps: number; output: string } {
  const { hostname, port, username, searchParams } = new URL(url);
  const database = new URL(url).pathname.slice(1);
  const host = searchParams.get('host') ?? hostname;
  const common = ['-h', host, '-p', port || '5432', '-U', decodeURIComponent(username || 'postgres')];
  const init = spawnSync(pgbench, [...common, '-i', '-s', '4', '-q', database], { encoding: 'utf8' });
  if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
  const run = spawnSync(pgbench, [...common, '-c', '4', '-j', '2', '-T', String(pgbenchSeconds), database], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`pgbench failed: ${run.stderr}`);
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(run.stdout);
  if (!match?.[1]) throw new Error(`no tps in pgbench's output:\n${run.stdout}`);
  return { tps: Number(match[1]), output: run.stdout };
}

if (!existsSync(pgbench)) throw new Error(`pgbench not found at ${pgbench} (set PGBENCH or PG_BIN)`);
const cluster: Cluster = process.env.DATABASE_URL
  ? { url: process.env.DATABASE_URL, stop: () => undefined }
  : await scratchCluster();
const suffix = randomBytes(4).toString('hex');
const apiDb = `tameio_bench_${suffix}`;
const pgbenchDb = `pgbench_${suffix}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tameio-bench-transfers-'));
mkdirSync(path.join(dataDir, 'no-web'), { recursive: true });
let server: Awaited<ReturnType<typeof startServer>> | null = null;

try {
  await admin(cluster.url, `CREATE DATABASE ${apiDb}`);
  await admin(cluster.url, `CREATE DATABASE ${pgbenchDb}`);
  const apiUrl = databaseUrl(cluster.url, apiDb);
  const prepared = await prepareMerchants(apiUrl);
  server = await startServer({
    DATA_DIR: dataDir,
    WEB_DIR: path.join(dataDir, 'no-web'),
    DATABASE_URL: apiUrl,
    NODE_ENV: 'test',
    ALTCHA_MAX_NUMBER: '1000',
    LOGIN_RATE_LIMIT_PER_MINUTE: '1000000',
    // Wallet payments below this need no one-time code: the bench measures the payment, not the code.
    SEND_MONEY_VERIFICATION_THRESHOLD_MINOR: '100000000',
    // e.g. SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' to profile the server process alone.
    ...(process.env.SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.SERVER_NODE_OPTIONS } : {}),
  });
  const base = server.url;
  const merchants: BenchMerchant[] = [];
  for (const m of prepared) merchants.push({ ...m, token: await signInOverHttp(base, m.email, password) });

  let sequence = 0;
  // node:http with keep-alive rather than fetch: the clients share the 2 cores with the API and PostgreSQL, and
  // fetch (undici) costs about twice the CPU per request; the requests are the same.
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const target = new URL(`${base}/api/merchants/send_money/`);
  const sendOne = (from: BenchMerchant, to: BenchMerchant) =>
    new Promise<number>((resolve, reject) => {
      const payload = JSON.stringify({
        account_type: 'eur',
        recipient: { wallet_tag: to.tag },
        amount_minor: String(1 + (sequence % 999)),
      });
      const request = http.request(
        target,
        {
          method: 'POST',
          agent,
          headers: {
            authorization: `Bearer ${from.token}`,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'idempotency-key': `bench-${suffix}-${(sequence += 1)}`,
          },
        },
        (response) => {
          response.on('data', () => undefined);
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(payload);
    });

  // Warm-up: JIT, connection pool, prepared plans.
  for (let i = 0; i < 50; i += 1) {
    await sendOne(
      merchants[i % merchants.length] as BenchMerchant,
      merchants[(i + 1) % merchants.length] as BenchMerchant,
    );
  }

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  // CPU time spent per payment (robust to a machine shared with other work, unlike payments/s): the API process,
  // PostgreSQL's processes (scratch cluster only) and this bench's own HTTP clients.
  const serverPid = server.child.pid ?? 0;
  const pgPid = cluster.postmasterPid?.();
  const cpuBefore = { api: cpuMs(serverPid), pg: pgPid ? treeCpuMs(pgPid) : NaN, bench: process.cpuUsage() };
  const deadline = performance.now() + durationSeconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      // Each client pays from its own merchant to a random other one: real payments, no single hot account.
      const from = merchants[client % merchants.length] as BenchMerchant;
      let n = client;
      while (performance.now() < deadline) {
        n = (n * 1_103_515_245 + 12_345) % 2_147_483_648;
        let to = merchants[n % merchants.length] as BenchMerchant;
        if (to === from) to = merchants[(n + 1) % merchants.length] as BenchMerchant;
        const t0 = performance.now();
        const status = await sendOne(from, to);
        latencies.push(performance.now() - t0);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const wall = (performance.now() - started) / 1000;
  const benchCpu = process.cpuUsage(cpuBefore.bench);
  const cpu = {
    api: cpuMs(serverPid) - cpuBefore.api,
    pg: pgPid ? treeCpuMs(pgPid) - cpuBefore.pg : NaN,
    bench: (benchCpu.user + benchCpu.system) / 1000,
  };
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  latencies.sort((a, b) => a - b);
  const completed = statuses.get(201) ?? 0;
  const apiTps = completed / wall;

  const check = createDatabase({ dataDir, databaseUrl: apiUrl, poolSize: 1 });
  const invariants = await ledgerInvariants(check);
  await check.destroy();
  const healthy =
    invariants.currencies.every((c) => c.balances === 0n && c.entries === 0n) &&
    invariants.negativeMerchantAccounts.length === 0 &&
    invariants.mismatchedAccounts.length === 0;

  agent.destroy();
  await server.stop();
  server = null;

  const bench = runPgbench(databaseUrl(cluster.url, pgbenchDb));
  console.log('');
  console.log(
    `sendMoney (wallet → wallet) over HTTP: ${clients} clients, ${merchantCount} merchants, ${wall.toFixed(1)} s, ` +
      `statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  console.log(
    `  ${apiTps.toFixed(1)} transfers/s; p50 ${percentile(latencies, 50).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 99).toFixed(1)} ms, max ${(latencies.at(-1) ?? NaN).toFixed(1)} ms; ` +
      `ledger invariants ${healthy ? 'hold' : 'BROKEN'}`,
  );
  const perPayment = (ms: number) => (completed > 0 ? (ms / completed).toFixed(2) : 'n/a');
  console.log(
    `  CPU per payment: API ${perPayment(cpu.api)} ms, PostgreSQL ${perPayment(cpu.pg)} ms, ` +
      `bench clients ${perPayment(cpu.bench)} ms (load average at the end ${load})`,
  );
  console.log(
    `pgbench TPC-B-like (-s 4, -c 4 -j 2 -T ${pgbenchSeconds}) on the same cluster: ${bench.tps.toFixed(1)} tps`,
  );
  if (!process.env.DATABASE_URL) {
    console.log(
      durable
        ? 'cluster: PostgreSQL defaults (fsync, synchronous_commit, full_page_writes on)'
        : 'cluster: fsync, synchronous_commit and full_page_writes off (DURABLE=1 for the defaults)',
    );
    console.log(
      overSocket
        ? 'connections: Unix socket, API and pgbench'
        : 'connections: TCP on 127.0.0.1, API and pgbench (SOCKET=1 for the Unix socket)',
    );
  }
  const ratio = apiTps / bench.tps;
  console.log(`ratio API / pgbench: ${ratio.toFixed(2)} (target ≥ 0.50)`);
  if (!healthy || completed === 0) process.exitCode = 1;
} finally {
  await server?.stop();
  try {
    await admin(cluster.url, `DROP DATABASE IF EXISTS ${apiDb} WITH (FORCE)`);
    await admin(cluster.url, `DROP DATABASE IF EXISTS ${pgbenchDb} WITH (FORCE)`);
  } catch {
    // The cluster may already be gone.
  }
  cluster.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

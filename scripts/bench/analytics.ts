/**
 * `npm run bench:analytics`: the analytics queries on a merchant with a year of heavy history.
 *
 * Builds, in a fresh database, one approved merchant whose EUR account has TRANSFERS (default 200 000) booked
 * movements spread over the last 365 days, the way the ledger writes them (transfers, their entries, card
 * authorisations for card payments, balances): incoming bank transfers, wallet payments in and out with 20 other
 * merchants, payments to other banks with a fee (settled, or failed and reversed), card payments at POS, online and
 * at ATMs (some declined: no entries). OTHER (default 100 000) more transfers between the other merchants make the
 * tables bigger than the merchant's own history. Then it times every analytics function (the domain functions the
 * routes call, so HTTP and JSON are left out) REPEAT times each (default 30, after 3 warm-ups): p50 and p95.
 *
 * Runs on embedded PGlite (a temp folder; SKIP_PGLITE=1 leaves it out), and also on PostgreSQL when DATABASE_URL is
 * set (a server URL: the bench creates its own database there and drops it at the end). Deterministic data:
 * setseed(SEED).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { ensureMerchantAccount } from '../../server/accounts';
import {
  analyticsAmounts,
  analyticsExpensesPerCategory,
  analyticsMonthlyAmounts,
  analyticsTopCounterparties,
} from '../../server/analytics/analytics';
import { createDatabase, type Database } from '../../server/db/database';
import { migrate } from '../../server/db/migrate';
import { ledgerInvariants, systemAccount } from '../../server/ledger';
import { percentile } from './serverProcess';

const transferCount = Number(process.env.TRANSFERS ?? 200_000);
const otherCount = Number(process.env.OTHER ?? 100_000);
const repeat = Number(process.env.REPEAT ?? 30);
const seed = Number(process.env.SEED ?? 0.42);
const otherMerchants = 20;

type Setup = { merchantId: string; accountId: string };

async function createMerchant(
  db: Database,
  name: string,
): Promise<{ merchantId: string; accountId: string }> {
  const merchant = await db
    .insertInto('merchants')
    .values({ name, status: 'approved' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accountId = await ensureMerchantAccount(db, merchant.id, 'EUR');
  return { merchantId: merchant.id, accountId };
}

/** The history, written in bulk with the ledger's shapes (checked by ledgerInvariants afterwards). */
export async function generate(db: Database): Promise<Setup> {
  const main = await createMerchant(db, 'Busy Bakery');
  const others: string[] = [];
  for (let i = 0; i < otherMerchants; i += 1)
    others.push((await createMerchant(db, `Partner ${i}`)).accountId);
  const external = await systemAccount(db, 'EUR', 'external');
  const clearing = await systemAccount(db, 'EUR', 'clearing');
  const fees = await systemAccount(db, 'EUR', 'fees');
  const holder = await db
    .insertInto('users')
    .values({
      merchant_id: main.merchantId,
      email: `bench-${randomBytes(4).toString('hex')}@example.test`,
      first_name: 'Bench',
      last_name: 'Owner',
      is_owner: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A card to hang the card authorisations on (its secrets are placeholders: the bench never reads them).
  const cardId = (await sql<{ id: string }>`SELECT gen_random_uuid() AS id`.execute(db)).rows[0]?.id ?? '';
  await db
    .insertInto('cards')
    .values({
      id: cardId,
      merchant_id: main.merchantId,
      holder_user_id: holder.id,
      created_by: holder.id,
      form: 'virtual',
      colour: 'blue',
      name: 'Bench card',
      usage: 'multiple',
      status: 'active',
      last4: '0000',
      number_hmac: `bench-${cardId}`,
      number_enc: 'bench',
      cvv_enc: 'bench',
      expiry_enc: 'bench',
      account_id: main.accountId,
    })
    .execute();
  const othersArray = `{${others.join(',')}}`;
  await sql`SELECT setseed(${seed})`.execute(db);

  // The merchant's year: kind by r1, amounts by r2, time by r3 (uniform over 365 days), status by r4.
  await sql`
    CREATE TEMP TABLE bench_plan AS
    SELECT n, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5
    FROM generate_series(1, ${transferCount}) AS n`.execute(db);
  await sql`
    CREATE TEMP TABLE bench_transfers AS
    SELECT gen_random_uuid() AS id, p.n, p.r5,
      CASE WHEN p.r1 < 0.25 THEN 'incoming_bank_transfer' WHEN p.r1 < 0.55 THEN 'account_to_account'
        WHEN p.r1 < 0.65 THEN 'bank_transfer' ELSE 'card_transaction' END AS type,
      CASE WHEN p.r1 >= 0.55 AND p.r1 < 0.65 AND p.r4 < 0.05 THEN 'failed'
        WHEN p.r1 >= 0.65 AND p.r4 < 0.03 THEN 'declined' ELSE 'completed' END AS status,
      CASE WHEN p.r1 < 0.25 THEN 20000 + floor(p.r2 * 400000)::int8
        WHEN p.r1 < 0.40 THEN 1000 + floor(p.r2 * 100000)::int8
        ELSE 100 + floor(p.r2 * 20000)::int8 END AS amount,
      CASE WHEN p.r1 >= 0.55 AND p.r1 < 0.65 THEN 50::int8 ELSE 0::int8 END AS fee,
      CASE WHEN p.r1 < 0.25 THEN ${external}::uuid
        WHEN p.r1 < 0.40 THEN (${othersArray}::uuid[])[1 + floor(p.r5 * ${otherMerchants})::int]
        ELSE ${main.accountId}::uuid END AS debit,
      CASE WHEN p.r1 < 0.40 THEN ${main.accountId}::uuid
        WHEN p.r1 < 0.55 THEN (${othersArray}::uuid[])[1 + floor(p.r5 * ${otherMerchants})::int]
        WHEN p.r1 < 0.65 THEN ${clearing}::uuid ELSE ${external}::uuid END AS credit,
      CASE WHEN p.r1 < 0.25 THEN 'Customer ' || floor(p.r5 * 500)::int
        WHEN p.r1 >= 0.55 AND p.r1 < 0.65 THEN 'Supplier ' || floor(p.r5 * 50)::int
        WHEN p.r1 >= 0.65 THEN 'Shop ' || floor(p.r5 * 300)::int END AS counterparty,
      CASE WHEN p.r1 >= 0.55 AND p.r1 < 0.65
        THEN 'DE' || lpad(floor(p.r5 * 50)::int::text, 20, '0') END AS iban,
      CASE WHEN p.r2 < 0.5 THEN 'pos' WHEN p.r2 < 0.85 THEN 'online' ELSE 'atm' END AS category,
      now() - p.r3 * interval '365 days' AS at
    FROM bench_plan p`.execute(db);
  await sql`
    INSERT INTO transfers (id, type, status, amount_minor, currency, credit_amount_minor, credit_currency, fee_minor,
      debit_account_id, credit_account_id, counterparty_name, counterparty_iban, idempotency_key, request_hash,
      created_at)
    SELECT id, type, status, amount, 'EUR', amount, 'EUR', fee, debit, credit, counterparty, iban,
      'bench-' || id::text, 'bench', at
    FROM bench_transfers`.execute(db);
  // Entries: the posting of everything not declined, the settlement of completed bank transfers, the reversal of
  // failed ones.
  await sql`
    INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, phase, created_at)
    SELECT id, debit, -(amount + fee), 'post', at FROM bench_transfers WHERE status <> 'declined'
    UNION ALL SELECT id, credit, amount, 'post', at FROM bench_transfers WHERE status <> 'declined'
    UNION ALL SELECT id, ${fees}::uuid, fee, 'post', at FROM bench_transfers WHERE status <> 'declined' AND fee > 0
    UNION ALL SELECT id, ${clearing}::uuid, -amount, 'settle', at + interval '1 minute'
      FROM bench_transfers WHERE type = 'bank_transfer' AND status = 'completed'
    UNION ALL SELECT id, ${external}::uuid, amount, 'settle', at + interval '1 minute'
      FROM bench_transfers WHERE type = 'bank_transfer' AND status = 'completed'
    UNION ALL SELECT id, debit, amount + fee, 'reverse', at + interval '1 minute'
      FROM bench_transfers WHERE status = 'failed'
    UNION ALL SELECT id, credit, -amount, 'reverse', at + interval '1 minute' FROM bench_transfers WHERE status = 'failed'
    UNION ALL SELECT id, ${fees}::uuid, -fee, 'reverse', at + interval '1 minute'
      FROM bench_transfers WHERE status = 'failed' AND fee > 0`.execute(db);
  await sql`
    INSERT INTO card_authorizations (card_id, merchant_id, account_id, approved, decline_reason, amount_minor,
      currency, category, merchant_name, at, transfer_id, idempotency_key, request_hash, created_at)
    SELECT ${cardId}::uuid, ${main.merchantId}::uuid, ${main.accountId}::uuid, status = 'completed',
      CASE WHEN status = 'declined' THEN 'insufficient_funds' END, amount, 'EUR', category, counterparty, at, id,
      'bench-auth-' || id::text, 'bench', at
    FROM bench_transfers WHERE type = 'card_transaction'`.execute(db);

  // Other merchants' traffic among themselves (funded first, so no balance ends below zero).
  await sql`
    INSERT INTO transfers (id, type, status, amount_minor, currency, credit_amount_minor, credit_currency,
      debit_account_id, credit_account_id, idempotency_key, request_hash, created_at)
    SELECT gen_random_uuid(), 'incoming_bank_transfer', 'completed', 1000000000, 'EUR', 1000000000, 'EUR',
      ${external}::uuid, a, 'bench-fund-' || a::text, 'bench', now() - interval '400 days'
    FROM unnest(${othersArray}::uuid[]) AS a`.execute(db);
  await sql`
    INSERT INTO transfers (id, type, status, amount_minor, currency, credit_amount_minor, credit_currency,
      debit_account_id, credit_account_id, idempotency_key, request_hash, created_at)
    SELECT gen_random_uuid(), 'account_to_account', 'completed', a, 'EUR', a, 'EUR',
      (${othersArray}::uuid[])[1 + i], (${othersArray}::uuid[])[1 + (i + 1 + j) % ${otherMerchants}],
      'bench-other-' || n, 'bench', now() - random() * interval '365 days'
    FROM (SELECT n, 100 + floor(random() * 10000)::int8 AS a, floor(random() * ${otherMerchants})::int AS i,
      floor(random() * ${otherMerchants - 1})::int AS j FROM generate_series(1, ${otherCount}) AS n) g`.execute(
    db,
  );
  await sql`
    INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, phase, created_at)
    SELECT id, debit_account_id, -amount_minor, 'post', created_at FROM transfers
      WHERE idempotency_key LIKE 'bench-fund-%' OR idempotency_key LIKE 'bench-other-%'
    UNION ALL SELECT id, credit_account_id, amount_minor, 'post', created_at FROM transfers
      WHERE idempotency_key LIKE 'bench-fund-%' OR idempotency_key LIKE 'bench-other-%'`.execute(db);
  await sql`
    UPDATE ledger_accounts a SET balance_minor = s.total
    FROM (SELECT account_id, SUM(amount_minor) AS total FROM ledger_entries GROUP BY account_id) s
    WHERE a.id = s.account_id`.execute(db);
  await sql`DROP TABLE bench_plan`.execute(db);
  await sql`DROP TABLE bench_transfers`.execute(db);
  await sql`VACUUM ANALYZE`.execute(db);
  return main;
}

type Timing = { name: string; p50: number; p95: number };

async function time(name: string, run: () => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < 3; i += 1) await run();
  const samples: number[] = [];
  for (let i = 0; i < repeat; i += 1) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { name, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

async function bench(label: string, db: Database): Promise<Timing[]> {
  await migrate(db);
  const started = performance.now();
  const { merchantId, accountId } = await generate(db);
  const invariants = await ledgerInvariants(db);
  const healthy =
    invariants.currencies.every((c) => c.balances === 0n && c.entries === 0n) &&
    invariants.negativeMerchantAccounts.length === 0 &&
    invariants.mismatchedAccounts.length === 0;
  if (!healthy)
    throw new Error(
      `the generated ledger is not balanced: ${JSON.stringify(invariants, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))}`,
    );
  const counts = await sql<{ mine: string; all: string; entries: string }>`
    SELECT (SELECT count(*) FROM transfers WHERE debit_account_id = ${accountId} OR credit_account_id = ${accountId})::text AS mine,
      (SELECT count(*) FROM transfers)::text AS all, (SELECT count(*) FROM ledger_entries)::text AS entries`.execute(
    db,
  );
  const c = counts.rows[0];
  console.log(
    `${label}: generated in ${((performance.now() - started) / 1000).toFixed(1)} s; the merchant's transfers ${c?.mine}, ` +
      `all transfers ${c?.all}, entries ${c?.entries}; ledger balanced`,
  );
  const year = await analyticsAmounts(db, merchantId, { range: 'year', currency: 'EUR' });
  console.log(
    `${label}: a year of the merchant: in ${year.totals.money_in.amount_minor}, out ${year.totals.money_out.amount_minor}, ` +
      `${year.totals.count_in + year.totals.count_out} booked movements`,
  );
  const timings: Timing[] = [];
  for (const range of ['week', 'month', 'year'] as const) {
    timings.push(
      await time(`amounts ${range}`, () => analyticsAmounts(db, merchantId, { range, currency: 'EUR' })),
    );
  }
  for (const range of ['month', 'year'] as const) {
    timings.push(
      await time(`expenses_per_category ${range}`, () =>
        analyticsExpensesPerCategory(db, merchantId, { range, currency: 'EUR' }),
      ),
    );
    timings.push(
      await time(`top_counterparties ${range}`, () =>
        analyticsTopCounterparties(db, merchantId, { range, currency: 'EUR' }),
      ),
    );
  }
  timings.push(
    await time('monthly_amounts', () => analyticsMonthlyAmounts(db, merchantId, { currency: 'EUR' })),
  );
  for (const t of timings) {
    console.log(
      `${label}  ${t.name.padEnd(28)} p50 ${t.p50.toFixed(1).padStart(7)} ms   p95 ${t.p95.toFixed(1).padStart(7)} ms`,
    );
  }
  return timings;
}

function summary(label: string, timings: Timing[]): string {
  return `${label}: ${timings.map((t) => `${t.name} p50 ${t.p50.toFixed(0)} / p95 ${t.p95.toFixed(0)} ms`).join('; ')}`;
}

async function main(): Promise<void> {
  console.log(
    `bench:analytics: ${transferCount} transfers of one merchant over 365 days, ${otherCount} of others, ${repeat} runs per query`,
  );
  const lines: string[] = [];
  if (process.env.SKIP_PGLITE !== '1') {
    const dir = mkdtempSync(path.join(tmpdir(), 'tameio-bench-analytics-'));
    const pglite = createDatabase({ dataDir: dir, databaseUrl: undefined });
    try {
      lines.push(summary('PGlite', await bench('PGlite', pglite)));
    } finally {
      await pglite.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `tameio_bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const postgres = createDatabase({ dataDir: tmpdir(), databaseUrl: url.toString(), poolSize: 4 });
    try {
      lines.push(summary('PostgreSQL', await bench('PostgreSQL', postgres)));
    } finally {
      await postgres.destroy();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }
  console.log('\n' + lines.join('\n'));
}

// Run when started as a script; imported (e.g. to EXPLAIN a query on the generated data), it only exports.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

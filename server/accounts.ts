import { extractIBAN } from 'ibantools';
import { sql } from 'kysely';
import {
  currencyAccountName,
  currencyCodes,
  mainAccountName,
  type AccountTopUpDetails,
  type CoreBankingAccount,
  type CoreBankingAccountsResponse,
} from '../schemas/accounts.schema';
import { moneyOf } from '../schemas/money';
import { AppError } from './errors';
import { bankBic, ourIban, pendingHolds, type Db } from './ledger';
import { transliterateGreek } from './payee/nameMatch';

/** "Demo Coffee" → "@demo-coffee"; accents dropped, Greek transliterated, at most 32 characters. */
export function walletTagBase(companyName: string): string {
  const latin = companyName
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ς/g, 'σ')
    .replace(/[\u0370-\u03ff]+/gu, transliterateGreek);
  const slug = latin
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 26)
    .replace(/-+$/g, '');
  return `@${slug || 'merchant'}`;
}

/**
 * Gives an approved merchant its unique wallet tag if it has none yet (idempotent): the base from the company name,
 * then "-2", "-3"… when taken. Serialised by an advisory lock so two approvals cannot pick the same one.
 */
export async function assignWalletTag(db: Db, merchantId: string): Promise<string> {
  const merchant = await db
    .selectFrom('merchants')
    .select(['name', 'wallet_tag'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
  if (!merchant) throw new AppError('not_found', 404, 'Nothing here.');
  if (merchant.wallet_tag) return merchant.wallet_tag;
  const base = walletTagBase(merchant.name);
  const assign = async (trx: Db): Promise<string> => {
    await sql`SELECT pg_advisory_xact_lock(7271008)`.execute(trx);
    const taken = await trx
      .selectFrom('merchants')
      .select('wallet_tag')
      .where((eb) => eb.or([eb('wallet_tag', '=', base), eb('wallet_tag', 'like', `${base}-%`)]))
      .execute();
    const used = new Set(taken.map((row) => row.wallet_tag));
    let tag = base;
    for (let n = 2; used.has(tag); n += 1) tag = `${base}-${n}`;
    const updated = await trx
      .updateTable('merchants')
      .set({ wallet_tag: tag })
      .where('id', '=', merchantId)
      .where('wallet_tag', 'is', null)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 0n) {
      const again = await trx
        .selectFrom('merchants')
        .select('wallet_tag')
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      return again.wallet_tag ?? tag;
    }
    return tag;
  };
  if (db.isTransaction) return assign(db);
  return db.transaction().execute(assign);
}

/** A new account number from the sequence approval uses, as an IBAN of ours. */
async function newIban(db: Db): Promise<string> {
  const next = await sql<{ n: string }>`SELECT nextval('merchant_account_number_seq')::text AS n`.execute(db);
  return ourIban((next.rows[0]?.n ?? '').padStart(16, '0'));
}

/** The merchant's account in a currency, opened with a new IBAN if it has none (idempotent, also when concurrent). */
export async function ensureMerchantAccount(db: Db, merchantId: string, currency: string): Promise<string> {
  if (!currencyCodes.includes(currency as (typeof currencyCodes)[number])) {
    throw new AppError('validation_failed', 400, 'Unknown currency.', {
      fields: { currency: 'Unknown currency.' },
    });
  }
  const find = () =>
    db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .where('currency', '=', currency)
      .where('kind', '=', 'merchant')
      .executeTakeFirst();
  const existing = await find();
  if (existing) return existing.id;
  // The unique index on (merchant_id, currency) decides between two concurrent openings; the loser reads the winner's.
  await db
    .insertInto('ledger_accounts')
    .values({
      merchant_id: merchantId,
      name: currency === 'EUR' ? mainAccountName : currencyAccountName(currency),
      currency,
      iban: await newIban(db),
      kind: 'merchant',
    })
    .onConflict((oc) => oc.columns(['merchant_id', 'currency']).where('kind', '=', 'merchant').doNothing())
    .execute();
  const opened = await find();
  if (!opened) throw new Error(`could not open the ${currency} account of ${merchantId}`);
  return opened.id;
}

type AccountRow = {
  id: string;
  name: string;
  currency: string;
  iban: string | null;
  balance_minor: bigint;
};

async function withBalances(db: Db, rows: AccountRow[]): Promise<CoreBankingAccount[]> {
  const holds = await pendingHolds(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const currency = row.currency.trim();
    const available = row.balance_minor;
    const balance = available + (holds.get(row.id) ?? 0n);
    return {
      id: row.id,
      name: row.name,
      currency,
      account_type: currency.toLowerCase(),
      iban: row.iban ?? '',
      balance: moneyOf(balance, currency),
      available_balance: moneyOf(available, currency),
    };
  });
}

/** coreBankingAccounts: the merchant's accounts with balance and available balance, oldest first. */
export async function merchantAccounts(db: Db, merchantId: string): Promise<CoreBankingAccountsResponse> {
  const merchant = await db
    .selectFrom('merchants')
    .select('wallet_tag')
    .where('id', '=', merchantId)
    .executeTakeFirst();
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'name', 'currency', 'iban', 'balance_minor'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return { wallet_tag: merchant?.wallet_tag ?? null, accounts: await withBalances(db, rows) };
}

/** The merchant's account of one account type (`eur`), or 404. */
export async function accountByType(
  db: Db,
  merchantId: string,
  accountType: string,
): Promise<CoreBankingAccount> {
  const currency = accountType.toUpperCase();
  if (!/^[A-Z]{3}$/.test(currency)) throw new AppError('not_found', 404, 'No data found for this currency.');
  const rows = await db
    .selectFrom('ledger_accounts')
    .select(['id', 'name', 'currency', 'iban', 'balance_minor'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .where('currency', '=', currency)
    .execute();
  const [account] = await withBalances(db, rows);
  if (!account) throw new AppError('not_found', 404, 'No data found for this currency.');
  return account;
}

/** accountTopUpDetails (SPEC §3): where to send a bank transfer to fund one account. */
export async function accountTopUpDetails(
  db: Db,
  merchantId: string,
  accountType: string,
): Promise<AccountTopUpDetails> {
  const account = await accountByType(db, merchantId, accountType);
  const merchant = await db
    .selectFrom('merchants')
    .select('name')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  if (!account.iban) throw new AppError('not_found', 404, 'This account has no IBAN.');
  const parts = extractIBAN(account.iban);
  return {
    account_id: account.id,
    account_type: account.account_type,
    account_name: account.name,
    account_holder_name: merchant.name,
    iban: account.iban,
    sort_code: [parts.bankIdentifier, parts.branchIdentifier].filter(Boolean).join('-'),
    account_number: parts.accountNumber ?? '',
    swift_bic: bankBic,
    currency: account.currency,
    balance: account.balance,
    available_balance: account.available_balance,
  };
}

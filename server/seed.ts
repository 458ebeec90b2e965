import type { Database } from './db/database';
import { hashPassword } from './auth/passwords';
import { assignWalletTag } from './accounts';
import { ensureSystemAccounts, openAccount, ourIban, postTransfer, type PostTransferInput } from './ledger';
import { seedExternalAccounts } from './payee/externalAccounts';

export const demoMerchants = [
  {
    key: 'coffee',
    name: 'Demo Coffee',
    owner: { email: 'demo@tameio.test', phone: '+306900000001', first_name: 'Daphne', last_name: 'Demou' },
    accountNumber: '0000000000000001',
    registeredAddress: { country: 'GR', postal_code: '10563', city: 'Athens', line1: 'Ermou 10' },
  },
  {
    key: 'bakery',
    name: 'Demo Bakery',
    owner: {
      email: 'bakery@tameio.test',
      phone: '+306900000002',
      first_name: 'Vasilis',
      last_name: 'Artopoulos',
    },
    accountNumber: '0000000000000002',
    registeredAddress: { country: 'GR', postal_code: '54624', city: 'Thessaloniki', line1: 'Tsimiski 20' },
  },
] as const;

/** An IBAN of ours (kept under this name for the callers that know it). */
export const demoIban = ourIban;

/** The bank's external rails in one currency (it may go negative); see ledger.ts `systemAccount`. */
export { systemAccount } from './ledger';

/**
 * Outside production, on a database without the demo merchants: two approved merchants with EUR accounts and
 * some history, so a newcomer can sign in at once (DESIGN.md "Running it"). Safe to run on every start.
 */
export async function seedDemo(db: Database, demoPassword: string): Promise<boolean> {
  await seedExternalAccounts(db);
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoMerchants[0].owner.email)
    .executeTakeFirst();
  if (existing) return false;

  const passwordHash = await hashPassword(demoPassword);
  const accounts = await db.transaction().execute(async (trx) => {
    const ids: Record<string, string> = {};
    for (const demo of demoMerchants) {
      const merchant = await trx
        .insertInto('merchants')
        .values({ name: demo.name, status: 'approved' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('users')
        .values({ ...demo.owner, merchant_id: merchant.id, password_hash: passwordHash, is_owner: true })
        .execute();
      ids[demo.key] = await openAccount(trx, {
        merchantId: merchant.id,
        name: 'Main account',
        currency: 'EUR',
        iban: demoIban(demo.accountNumber),
      });
      // What onboarding would have collected: a physical card can be sent there (server/cards/addresses.ts).
      await trx
        .insertInto('merchant_addresses')
        .values({ merchant_id: merchant.id, kind: 'registered', ...demo.registeredAddress })
        .execute();
      // "@demo-coffee", "@demo-bakery": what send money finds them by.
      await assignWalletTag(trx, merchant.id);
    }
    return { coffee: ids.coffee ?? '', bakery: ids.bakery ?? '' };
  });

  const { external } = await ensureSystemAccounts(db, 'EUR');
  const history: Omit<PostTransferInput, 'currency' | 'status'>[] = [
    {
      type: 'incoming_bank_transfer',
      amountMinor: 250_000n,
      debitAccountId: external,
      creditAccountId: accounts.coffee,
      counterpartyName: 'Alpha Foods SA',
      reference: 'Opening deposit',
      idempotencyKey: 'seed:coffee:deposit',
    },
    {
      type: 'incoming_bank_transfer',
      amountMinor: 180_000n,
      debitAccountId: external,
      creditAccountId: accounts.bakery,
      counterpartyName: 'Olympus Flour Mills',
      reference: 'Opening deposit',
      idempotencyKey: 'seed:bakery:deposit',
    },
    {
      type: 'face_to_face',
      amountMinor: 4_580n,
      debitAccountId: external,
      creditAccountId: accounts.coffee,
      counterpartyName: 'Card payment at the counter',
      reference: null,
      idempotencyKey: 'seed:coffee:pos-1',
    },
    {
      type: 'account_to_account',
      amountMinor: 32_000n,
      debitAccountId: accounts.coffee,
      creditAccountId: accounts.bakery,
      reference: 'Bread and pastries, week 1',
      idempotencyKey: 'seed:coffee-to-bakery:1',
    },
    {
      type: 'bank_transfer',
      amountMinor: 15_000n,
      debitAccountId: accounts.coffee,
      creditAccountId: external,
      counterpartyName: 'Athens Power Co.',
      reference: 'Electricity bill',
      idempotencyKey: 'seed:coffee:power',
    },
    {
      type: 'account_to_account',
      amountMinor: 6_000n,
      debitAccountId: accounts.bakery,
      creditAccountId: accounts.coffee,
      reference: 'Coffee beans',
      idempotencyKey: 'seed:bakery-to-coffee:1',
    },
    {
      type: 'face_to_face',
      amountMinor: 1_250n,
      debitAccountId: external,
      creditAccountId: accounts.bakery,
      counterpartyName: 'Card payment at the counter',
      reference: null,
      idempotencyKey: 'seed:bakery:pos-1',
    },
  ];
  for (const transfer of history) {
    await postTransfer(db, { ...transfer, currency: 'EUR', status: 'completed' });
  }
  return true;
}

import type { TopUpDetails } from '../../schemas/onboarding.schema';
import type { Database } from '../db/database';
import { AppError } from '../errors';

/** Our (fictional) bank's BIC, the one inside every IBAN we issue. */
export const bankBic = 'TAMEGRA1XXX';

/** topUpDetails (SPEC §3): where to send a bank transfer to fund the merchant's EUR account. */
export async function topUpDetails(db: Database, merchantId: string): Promise<TopUpDetails> {
  const row = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select(['a.name', 'a.iban', 'a.currency', 'a.balance_minor', 'm.name as holder'])
    .where('a.merchant_id', '=', merchantId)
    .where('a.kind', '=', 'merchant')
    .where('a.iban', 'is not', null)
    .orderBy('a.created_at')
    .executeTakeFirst();
  if (!row?.iban) throw new AppError('conflict', 409, 'This merchant has no account to top up yet.');
  const balance = { amount_minor: row.balance_minor.toString(), currency: row.currency };
  return {
    account_name: row.name,
    account_holder_name: row.holder,
    iban: row.iban,
    swift_bic: bankBic,
    currency: row.currency,
    balance,
    // Pending payments already hold their funds in the ledger, so the balance is what is available.
    available_balance: balance,
  };
}

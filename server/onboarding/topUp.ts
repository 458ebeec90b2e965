import type { TopUpDetails } from '../../schemas/onboarding.schema';
import { accountTopUpDetails } from '../accounts';
import type { Database } from '../db/database';
import { AppError } from '../errors';

/**
 * topUpDetails (SPEC §3): where to send a bank transfer to fund the merchant's first account, as onboarding shows it
 * right after approval. The same figures as `accountTopUpDetails`, so balance and available balance agree everywhere.
 */
export async function topUpDetails(db: Database, merchantId: string): Promise<TopUpDetails> {
  const first = await db
    .selectFrom('ledger_accounts')
    .select('currency')
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .where('iban', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  if (!first) throw new AppError('conflict', 409, 'This merchant has no account to top up yet.');
  const details = await accountTopUpDetails(db, merchantId, first.currency.toLowerCase());
  return {
    account_name: details.account_name,
    account_holder_name: details.account_holder_name,
    iban: details.iban,
    swift_bic: details.swift_bic,
    currency: details.currency,
    balance: details.balance,
    available_balance: details.available_balance,
  };
}

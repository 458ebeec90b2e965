import type { Transaction } from 'kysely';
import type { PayeeCheckResult } from '../../schemas/payee.schema';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { bestResult, compareNames, type CompareOptions } from './nameMatch';

export type VerifyPayeeInput = {
  merchantId: string;
  userId: string;
  /** Already normalised and checksum-checked (schemas/payee.schema.ts `Iban`). */
  iban: string;
  /** Already trimmed, 1-140 characters. */
  name: string;
  /**
   * What the payer says the holder is, when it says (a saved beneficiary's `holder`): a company's legal name is
   * compared word by word in its order, as for a company at this bank; a person's words in any order.
   */
  holder?: 'person' | 'company';
};

export type VerifyPayeeOutcome = {
  result: PayeeCheckResult;
  /** Only on a close match: the name the account is held in. */
  suggestedName?: string;
  checkId: string;
};

/** Who holds an account, as far as a name check can tell; null when the check is not possible. */
type Holder = {
  /** The name the account is held in: stored with the check, shown only on a close match. */
  registeredName: string;
  /** Every name the holder may rightly be called by (a company's legal and trading names). */
  names: string[];
  wordOrder: NonNullable<CompareOptions['wordOrder']>;
};

function commercialNameOf(company: unknown): string | null {
  if (typeof company !== 'object' || company === null) return null;
  const value = (company as Record<string, unknown>).commercial_name;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function legalFormOf(company: unknown): string | null {
  if (typeof company !== 'object' || company === null) return null;
  const value = (company as Record<string, unknown>).legal_form;
  return typeof value === 'string' ? value : null;
}

/**
 * The registry of names: an account at this bank is held by its merchant under the registered legal name (the
 * onboarding company step keeps `merchants.name` equal to it; the trading name counts too); an account at another
 * bank is what that bank would answer, here the sandbox table. Anything else cannot be checked.
 */
async function findHolder(trx: Transaction<DB>, iban: string): Promise<Holder | null> {
  const internal = await trx
    .selectFrom('ledger_accounts as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .leftJoin('merchant_onboarding as o', 'o.merchant_id', 'm.id')
    .select(['m.name', 'm.status', 'o.company'])
    .where('a.iban', '=', iban)
    .where('a.kind', '=', 'merchant')
    .executeTakeFirst();
  if (internal) {
    if (internal.status !== 'approved') return null;
    const commercial = commercialNameOf(internal.company);
    return {
      registeredName: internal.name,
      names: commercial ? [internal.name, commercial] : [internal.name],
      // A sole trader's name is a person's name; a company's words keep their order.
      wordOrder: legalFormOf(internal.company) === 'sole_trader' ? 'any' : 'strict',
    };
  }
  const external = await trx
    .selectFrom('sandbox_external_accounts')
    .select(['holder_name', 'reachable'])
    .where('iban', '=', iban)
    .executeTakeFirst();
  if (!external?.reachable) return null;
  // We cannot tell a person from a company at another bank, so word order is forgiven.
  return { registeredName: external.holder_name, names: [external.holder_name], wordOrder: 'any' };
}

/**
 * Verification of Payee (Regulation (EU) 2024/886; SPEC §4): compares the name the payer typed with the holder of
 * the IBAN and records the check, in one transaction. The holder's name is returned only on a close match; on no
 * match it is not revealed.
 */
export async function verifyPayee(db: Database, input: VerifyPayeeInput): Promise<VerifyPayeeOutcome> {
  return db.transaction().execute(async (trx) => {
    const holder = await findHolder(trx, input.iban);
    const result: PayeeCheckResult = holder
      ? bestResult(
          holder.names.map((name) =>
            compareNames(input.name, name, {
              wordOrder: input.holder === 'company' ? 'strict' : holder.wordOrder,
            }),
          ),
        )
      : 'not_possible';
    const check = await trx
      .insertInto('payee_checks')
      .values({
        merchant_id: input.merchantId,
        user_id: input.userId,
        iban: input.iban,
        entered_name: input.name,
        result,
        registered_name: holder?.registeredName ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return {
      result,
      ...(result === 'close_match' && holder ? { suggestedName: holder.registeredName } : {}),
      checkId: check.id,
    };
  });
}

import { composeIBAN } from 'ibantools';
import type { ExternalAccount, ExternalAccountBody } from '../../schemas/payee.schema';
import type { Database } from '../db/database';
import { AppError } from '../errors';

/**
 * Sandbox stand-ins for other banks' answers to a name check (docs/engineering.md "Sandbox rails"): an account at another
 * bank, the name it is held in, and whether that bank answers name checks at all.
 */
export async function upsertExternalAccount(
  db: Database,
  body: ExternalAccountBody,
): Promise<ExternalAccount> {
  return db.transaction().execute(async (trx) => {
    const ours = await trx
      .selectFrom('ledger_accounts')
      .select('id')
      .where('iban', '=', body.iban)
      .executeTakeFirst();
    if (ours) {
      throw new AppError('conflict', 409, 'This IBAN belongs to an account at this bank.', {
        fields: { iban: 'This IBAN belongs to an account at this bank.' },
      });
    }
    const values = {
      iban: body.iban,
      holder_name: body.holder_name,
      bank_name: body.bank_name,
      reachable: body.reachable ?? true,
    };
    const row = await trx
      .insertInto('sandbox_external_accounts')
      .values(values)
      .onConflict((oc) =>
        oc.column('iban').doUpdateSet({
          holder_name: values.holder_name,
          bank_name: values.bank_name,
          reachable: values.reachable,
          updated_at: new Date(),
        }),
      )
      .returning(['iban', 'holder_name', 'bank_name', 'reachable'])
      .executeTakeFirstOrThrow();
    return row;
  });
}

function iban(countryCode: string, bban: string): string {
  const composed = composeIBAN({ countryCode, bban });
  if (!composed) throw new Error(`cannot compose an IBAN for ${countryCode} ${bban}`);
  return composed;
}

/** Accounts at other banks a newcomer (and the end-to-end tests) can send money to and name-check. */
export const demoExternalAccounts = [
  {
    key: 'person',
    iban: iban('GR', '01101250000000012345670'),
    holder_name: 'Maria Papadopoulou',
    bank_name: 'Aegean Test Bank',
    reachable: true,
  },
  {
    key: 'greekScript',
    iban: iban('GR', '01401010101002320012345'),
    holder_name: 'Ηλίας Γεωργίου',
    bank_name: 'Aegean Test Bank',
    reachable: true,
  },
  {
    key: 'company',
    iban: iban('DE', '100100100012345678'),
    holder_name: 'Müller Handels GmbH',
    bank_name: 'Berliner Testbank',
    reachable: true,
  },
  {
    key: 'cypriotCompany',
    iban: iban('CY', '002001950000357001234567'),
    holder_name: 'Olympus Flour Mills Ltd',
    bank_name: 'Limassol Test Bank',
    reachable: true,
  },
  {
    key: 'unreachable',
    iban: iban('NL', 'ABNA0417164300'),
    holder_name: 'Van Dijk Trading B.V.',
    bank_name: 'Amsterdam Test Bank (no name checks)',
    reachable: false,
  },
] as const;

/** Idempotent: adds the demo external accounts that are missing and leaves edited ones as they are. */
export async function seedExternalAccounts(db: Database): Promise<void> {
  await db
    .insertInto('sandbox_external_accounts')
    .values(
      demoExternalAccounts.map(({ iban: number, holder_name, bank_name, reachable }) => ({
        iban: number,
        holder_name,
        bank_name,
        reachable,
      })),
    )
    .onConflict((oc) => oc.column('iban').doNothing())
    .execute();
}

import { sql, type Transaction } from 'kysely';
import { mainAccountName } from '../schemas/accounts.schema';
import {
  CompanyStep,
  DirectorsStep,
  FundingStep,
  RepresentativeStep,
  ShareholdersStep,
} from '../schemas/onboarding.schema';
import type { Database } from './db/database';
import type { DB } from './db/types';
import { hashPassword } from './auth/passwords';
import { assignWalletTag } from './accounts';
import { ensureSystemAccounts, openAccount, ourIban, postTransfer, type PostTransferInput } from './ledger';
import { normaliseStep } from './onboarding/onboarding';
import { seedExternalAccounts } from './payee/externalAccounts';

export const demoMerchants = [
  {
    key: 'coffee',
    name: 'Demo Coffee',
    owner: { email: 'demo@tameio.test', phone: '+306900000001', first_name: 'Daphne', last_name: 'Demou' },
    accountNumber: '0000000000000001',
    registeredAddress: { country: 'GR', postal_code: '10563', city: 'Athens', line1: 'Ermou 10' },
    // What the approved onboarding collected (seedOnboarding). VAT = TIC, as a Greek AFM is both; checksums valid.
    company: {
      legal_form: 'ike',
      vat_number: '802345675',
      registration_number: '146372801000',
      phone: '+302103210001',
      size: '2_10',
      annual_turnover: '100k_500k',
    },
    representative: { job_title: 'Managing Director', date_of_birth: '1984-03-15' },
    homeAddress: { country: 'GR', postal_code: '11521', city: 'Athens', line1: 'Vasilissis Sofias 50' },
    partner: {
      first_name: 'Nikos',
      last_name: 'Kafetzis',
      date_of_birth: '1979-11-02',
      home_address: { country: 'GR', postal_code: '11743', city: 'Athens', line1: 'Syngrou 120' },
    },
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
    company: {
      legal_form: 'oe',
      vat_number: '808765435',
      registration_number: '158893406000',
      phone: '+302310654002',
      size: '11_50',
      annual_turnover: '500k_2m',
    },
    representative: { job_title: 'General Partner', date_of_birth: '1976-07-21' },
    homeAddress: { country: 'GR', postal_code: '54640', city: 'Thessaloniki', line1: 'Egnatias 85' },
    partner: {
      first_name: 'Maria',
      last_name: 'Zymari',
      date_of_birth: '1981-05-09',
      home_address: { country: 'GR', postal_code: '54248', city: 'Thessaloniki', line1: 'Kleanthous 12' },
    },
  },
] as const;

type DemoMerchant = (typeof demoMerchants)[number];

/**
 * The onboarding an approved demo merchant would have left (server/onboarding/onboarding.ts): every step as the
 * schemas accept it and stored normalised, submitted and reviewed. Parsed here, so a wrong seed fails at start.
 */
function demoOnboarding(demo: DemoMerchant) {
  const owner = { first_name: demo.owner.first_name, last_name: demo.owner.last_name };
  const ownerName = `${owner.first_name} ${owner.last_name}`;
  const partnerName = `${demo.partner.first_name} ${demo.partner.last_name}`;
  return {
    representative: normaliseStep(
      'representative',
      RepresentativeStep.parse({
        ...owner,
        ...demo.representative,
        phone: demo.owner.phone,
        citizenship: 'GR',
      }),
    ),
    company: normaliseStep(
      'company',
      CompanyStep.parse({
        name: demo.name,
        commercial_name: null,
        legal_form: demo.company.legal_form,
        country_of_registration: 'GR',
        vat_number: demo.company.vat_number,
        registration_number: demo.company.registration_number,
        tic_number: demo.company.vat_number,
        phone: demo.company.phone,
        registered_address: demo.registeredAddress,
        trading_same_as_registered: true,
        trading_address: null,
        website_url: null,
        industry: 'food_and_beverage',
        size: demo.company.size,
        annual_turnover: demo.company.annual_turnover,
      }),
    ),
    directors: normaliseStep(
      'directors',
      DirectorsStep.parse({
        directors: [
          {
            ...owner,
            date_of_birth: demo.representative.date_of_birth,
            is_legal_representative: true,
            home_address: demo.homeAddress,
          },
          { ...demo.partner, is_legal_representative: false },
        ],
      }),
    ),
    shareholders: normaliseStep(
      'shareholders',
      ShareholdersStep.parse({
        shareholders: [
          { type: 'individual', name: ownerName, country: 'GR', percentage: '60', has_control: true },
          { type: 'individual', name: partnerName, country: 'GR', percentage: '40', has_control: false },
        ],
        ubos_known: true,
      }),
    ),
    funding: normaliseStep(
      'funding',
      FundingStep.parse({
        expected_incoming: { amount_minor: '2500000', currency: 'EUR' },
        source_country: 'GR',
        expected_spending: { amount_minor: '1800000', currency: 'EUR' },
        destination_country: 'GR',
        other_funding_method: null,
      }),
    ),
  };
}

/** Writes the demo merchant's onboarding unless it has one (an older demo database gets it on the next start). */
async function seedOnboarding(db: Database | Transaction<DB>, merchantId: string, demo: DemoMerchant) {
  const steps = demoOnboarding(demo);
  const json = (value: unknown) => sql<string>`${JSON.stringify(value)}::jsonb`;
  const decided = new Date();
  await db
    .insertInto('merchant_onboarding')
    .values({
      merchant_id: merchantId,
      representative: json(steps.representative),
      company: json(steps.company),
      directors: json(steps.directors),
      shareholders: json(steps.shareholders),
      funding: json(steps.funding),
      rejection_reason: null,
      submitted_at: decided,
      reviewed_at: decided,
      // The owner's sign-in email until the owner sets another (server/profile/profile.ts).
      contact_email: null,
    })
    .onConflict((conflict) => conflict.column('merchant_id').doNothing())
    .execute();
}

/** An IBAN of ours (kept under this name for the callers that know it). */
export const demoIban = ourIban;

/**
 * Outside production, on a database without the demo merchants: two approved merchants with EUR accounts, the
 * onboarding that approved them (company, representative, directors, shareholders, funding) and some history, so a
 * newcomer can sign in at once (README.md "Run it"). Safe to run on every start.
 */
export async function seedDemo(db: Database, demoPassword: string): Promise<boolean> {
  await seedExternalAccounts(db);
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', demoMerchants[0].owner.email)
    .executeTakeFirst();
  if (existing) {
    // Seeded before the demo merchants had an onboarding: add it to the ones still approved without one.
    for (const demo of demoMerchants) {
      const merchant = await db
        .selectFrom('users as u')
        .innerJoin('merchants as m', 'm.id', 'u.merchant_id')
        .leftJoin('merchant_onboarding as o', 'o.merchant_id', 'm.id')
        .select('m.id')
        .where('u.email', '=', demo.owner.email)
        .where('m.status', '=', 'approved')
        .where('o.merchant_id', 'is', null)
        .executeTakeFirst();
      if (merchant) await seedOnboarding(db, merchant.id, demo);
    }
    return false;
  }

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
        name: mainAccountName,
        currency: 'EUR',
        iban: demoIban(demo.accountNumber),
      });
      // What onboarding would have collected: a physical card can be sent there (server/cards/addresses.ts).
      await trx
        .insertInto('merchant_addresses')
        .values({ merchant_id: merchant.id, kind: 'registered', ...demo.registeredAddress })
        .execute();
      await seedOnboarding(trx, merchant.id, demo);
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

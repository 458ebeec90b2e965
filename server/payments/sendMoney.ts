import { createHash } from 'node:crypto';
import { extractIBAN, isValidIBAN } from 'ibantools';
import { sql, type Transaction as Trx } from 'kysely';
import { currencyCodes, type CurrencyCode } from '../../schemas/accounts.schema';
import { moneyOf } from '../../schemas/money';
import { payeeCheckValidityMs, type PayeeCheckResult } from '../../schemas/payee.schema';
import type {
  AmountVerification,
  AmountVerificationQuery,
  Contact,
  PredefinedAmounts,
  SendMoneyBody,
  TransferQuote,
  TransferQuoteQuery,
} from '../../schemas/sendMoney.schema';
import { contactSearchLimit } from '../../schemas/sendMoney.schema';
import type { Transaction } from '../../schemas/transactions.schema';
import { recordAudit } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import { consumeStepUp } from '../auth/stepUp';
import { getBeneficiary, listBeneficiaries } from '../beneficiaries';
import { namedStatement, precompiled, type Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { postTransfer, systemAccount, type Transfer } from '../ledger';
import { moneyReceivedOnPosting } from '../notifications/events';
import { transactionFor, transactionView } from '../transactions';
import { fromEur, isSupportedCurrency, predefinedAmounts, priceTransfer, railFor, type Price } from './fees';
import type { PaymentSettings } from './settings';

/**
 * Send money: to a wallet tag or an IBAN, from one of the merchant's accounts, in one database transaction
 * that checks the one-time code grant, posts the double-entry transfer (server/ledger.ts) and records the name check.
 * Knows nothing of HTTP. Rules: docs/fees.md and schemas/sendMoney.schema.ts.
 */

export { payeeCheckValidityMs };

/** SPEC §8's failure message for a payment the balance does not cover. */
export const insufficientFundsMessage =
  'Payment failed, possibly from insufficient balance; try again later.';

/** `name`: the user's, when the caller knows it (the response is then built without reading the transfer back). */
export type Payer = {
  merchantId: string;
  userId: string;
  name?: { first: string; last: string } | undefined;
};

const notAllowed = (message: string) => new AppError('recipient_not_allowed', 422, message);
const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });

type Prior = { transferId: string; debitAccountId: string; hash: string | null };
type SourceAccount = { id: string; currency: CurrencyCode; balance: bigint; prior: Prior | null };

/** The merchant with a wallet tag and its account in a currency, as `walletRecipientOf` checks it. */
type WalletRow = {
  id: string;
  name: string;
  status: string;
  wallet_tag: string | null;
  account_id: string | null;
  account_iban: string | null;
};

function walletMerchantQuery(db: Database | Trx<DB>, tag: string, currency: string) {
  return db
    .selectFrom('merchants as m')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.merchant_id', '=', 'm.id').on('a.kind', '=', 'merchant').on('a.currency', '=', currency),
    )
    .select(['m.id', 'm.name', 'm.status', 'm.wallet_tag', 'a.id as account_id', 'a.iban as account_iban'])
    .where('m.wallet_tag', '=', tag);
}

/** `sourceAccount`'s query, compiled once (the hot path of every payment). */
const sourceAccountQuery = precompiled(
  ['merchantId', 'currency', 'ledgerKey', 'tag', 'walletCurrency'],
  (db, v) =>
    db
      .selectFrom('ledger_accounts as a')
      .modifyFront(namedStatement)
      .leftJoin('transfers as t', (join) => join.on('t.idempotency_key', '=', v.ledgerKey))
      .leftJoin(walletMerchantQuery(db, v.tag, v.walletCurrency).as('r'), (join) => join.onTrue())
      .select([
        'a.id',
        'a.balance_minor',
        't.id as prior_id',
        't.debit_account_id as prior_debit',
        't.client_request_hash as prior_hash',
        'r.id as r_id',
        'r.name as r_name',
        'r.status as r_status',
        'r.wallet_tag as r_wallet_tag',
        'r.account_id as r_account_id',
        'r.account_iban as r_account_iban',
      ])
      .where('a.merchant_id', '=', v.merchantId)
      .where('a.kind', '=', 'merchant')
      .where('a.currency', '=', v.currency),
);

/**
 * The merchant's account of this type (`eur`), or 404 with SPEC §8's message; in the same query (round trips
 * fewer on the hot path), with `ledgerKey` the payment an earlier request with this key made, and with `wallet` the
 * merchant with that tag and its account in that currency (`null` if none; checked later, in the old order; without
 * `wallet` the join looks up the tag "", which no merchant has).
 */
async function sourceAccount(
  db: Database,
  merchantId: string,
  accountType: string,
  ledgerKey = '',
  wallet?: { tag: string; currency: string },
): Promise<SourceAccount & { wallet?: WalletRow | null }> {
  const currency = accountType.toUpperCase();
  const row = isSupportedCurrency(currency)
    ? (
        await sourceAccountQuery(db, {
          merchantId,
          currency,
          ledgerKey,
          tag: wallet?.tag ?? '',
          walletCurrency: wallet?.currency ?? currency,
        })
      )[0]
    : undefined;
  if (!row || !isSupportedCurrency(currency)) {
    throw new AppError('not_found', 404, 'No data found for this currency.');
  }
  const prior =
    row.prior_id && row.prior_debit
      ? { transferId: row.prior_id, debitAccountId: row.prior_debit, hash: row.prior_hash }
      : null;
  const source = { id: row.id, currency, balance: row.balance_minor, prior };
  if (!wallet) return source;
  const recipient =
    row.r_id && row.r_name !== null && row.r_status !== null
      ? {
          id: row.r_id,
          name: row.r_name,
          status: row.r_status,
          wallet_tag: row.r_wallet_tag,
          account_id: row.r_account_id,
          account_iban: row.r_account_iban,
        }
      : null;
  return { ...source, wallet: recipient };
}

/** Where the money goes, resolved; `name` is what the payer calls the payee (never read from our records for IBANs). */
type Recipient =
  | {
      kind: 'wallet';
      merchantId: string;
      merchantName: string;
      walletTag: string;
      /** The recipient's account in the currency asked for, if it has one, and its IBAN. */
      accountId: string | null;
      accountIban: string | null;
    }
  | {
      kind: 'iban';
      iban: string;
      name: string;
      internal: {
        merchantId: string;
        merchantName: string;
        walletTag: string | null;
        accountId: string;
        currency: CurrencyCode;
      } | null;
    };

/** An approved merchant by wallet tag, not the payer, with its account in `currency` (one query). */
async function walletRecipient(
  db: Database,
  payer: Payer,
  tag: string,
  currency: string,
): Promise<Extract<Recipient, { kind: 'wallet' }>> {
  return walletRecipientOf(await walletMerchantQuery(db, tag, currency).executeTakeFirst(), payer);
}

/** The checks of `walletRecipient` on a merchant already read. */
function walletRecipientOf(
  merchant: WalletRow | null | undefined,
  payer: Payer,
): Extract<Recipient, { kind: 'wallet' }> {
  if (!merchant?.wallet_tag) throw new AppError('not_found', 404, 'No merchant has this wallet tag.');
  if (merchant.id === payer.merchantId) throw notAllowed('You cannot send money to yourself.');
  if (merchant.status !== 'approved') throw notAllowed('This merchant cannot receive payments.');
  return {
    kind: 'wallet',
    merchantId: merchant.id,
    merchantName: merchant.name,
    walletTag: merchant.wallet_tag,
    accountId: merchant.account_id,
    accountIban: merchant.account_iban,
  };
}

async function ibanRecipient(db: Database, payer: Payer, iban: string, name: string): Promise<Recipient> {
  if (!isValidIBAN(iban)) throw badField('iban', 'Invalid IBAN.');
  const ours = await db
    .selectFrom('ledger_accounts as a')
    .innerJoin('merchants as m', 'm.id', 'a.merchant_id')
    .select([
      'a.id',
      'a.currency',
      'm.id as merchant_id',
      'm.name as merchant_name',
      'm.wallet_tag',
      'm.status',
    ])
    .where('a.iban', '=', iban)
    .where('a.kind', '=', 'merchant')
    .executeTakeFirst();
  if (!ours) return { kind: 'iban', iban, name, internal: null };
  if (ours.merchant_id === payer.merchantId) throw notAllowed('You cannot send money to your own account.');
  if (ours.status !== 'approved') throw notAllowed('This account cannot receive payments.');
  const currency = ours.currency.trim();
  if (!isSupportedCurrency(currency)) throw notAllowed('This account cannot receive payments.');
  return {
    kind: 'iban',
    iban,
    name,
    internal: {
      merchantId: ours.merchant_id,
      merchantName: ours.merchant_name,
      walletTag: ours.wallet_tag,
      accountId: ours.id,
      currency,
    },
  };
}

type RecipientInput = SendMoneyBody['recipient'];

/** `walletCurrency`: the currency a wallet payment is credited in (the body's, else the payer's). */
async function resolveRecipient(
  db: Database,
  payer: Payer,
  input: RecipientInput,
  walletCurrency: string,
  prefetched?: WalletRow | null,
): Promise<Recipient> {
  if ('wallet_tag' in input) {
    if (prefetched !== undefined) return walletRecipientOf(prefetched, payer);
    return walletRecipient(db, payer, input.wallet_tag, walletCurrency);
  }
  if ('iban' in input) return ibanRecipient(db, payer, input.iban, input.name);
  const beneficiary = await getBeneficiary(db, payer.merchantId, input.beneficiary_id);
  if (beneficiary.kind === 'wallet' && beneficiary.wallet_tag) {
    return walletRecipient(db, payer, beneficiary.wallet_tag, walletCurrency);
  }
  if (beneficiary.iban) return ibanRecipient(db, payer, beneficiary.iban, beneficiary.name);
  throw notAllowed('This beneficiary cannot receive payments.');
}

/** The recipient's currency: what the body asks for, else the account's at this bank, else the payer's. */
function creditCurrencyOf(
  recipient: Recipient,
  source: SourceAccount,
  requested: string | undefined,
): CurrencyCode {
  if (requested !== undefined && !isSupportedCurrency(requested))
    throw badField('currency', 'Unknown currency.');
  if (recipient.kind === 'iban' && recipient.internal) {
    if (requested !== undefined && requested !== recipient.internal.currency) {
      throw badField('currency', `This account is in ${recipient.internal.currency}.`);
    }
    return recipient.internal.currency;
  }
  return requested ?? source.currency;
}

function priceFor(
  recipient: Recipient,
  source: SourceAccount,
  creditCurrency: CurrencyCode,
  amount: bigint,
): Price {
  const rail =
    recipient.kind === 'wallet'
      ? 'internal'
      : railFor(
          { atThisBank: recipient.internal !== null, ibanCountry: extractIBAN(recipient.iban).countryCode },
          creditCurrency,
        );
  return priceTransfer({ rail, amountMinor: amount, debitCurrency: source.currency, creditCurrency });
}

/** Wallet payments from the threshold on need a code; payments to an IBAN always do. */
export function thresholdIn(currency: CurrencyCode, settings: PaymentSettings): bigint {
  return fromEur(settings.verificationThresholdEurMinor, currency);
}

function requiresVerification(
  recipientKind: 'wallet' | 'iban',
  amount: bigint,
  currency: CurrencyCode,
  settings: PaymentSettings,
): boolean {
  return recipientKind === 'iban' || amount >= thresholdIn(currency, settings);
}

/** The recipient's account of a wallet payment; 422 if it has none in the currency asked for. */
function walletAccount(recipient: Extract<Recipient, { kind: 'wallet' }>, currency: string): string {
  if (!recipient.accountId) throw notAllowed(`The recipient has no ${currency} account.`);
  return recipient.accountId;
}

type PayeeConfirmation = { checkId: string; result: PayeeCheckResult; proceededAnyway: boolean };

/**
 * A payment to an IBAN must refer to a name check this merchant made for this IBAN and this name within the last
 * half hour (422 `payee_check_required`); unless its result was a match, the payer must say they go on anyway (422
 * `payee_check_not_confirmed` with the result).
 */
async function payeeConfirmation(
  db: Database,
  payer: Payer,
  recipient: Extract<Recipient, { kind: 'iban' }>,
  input: { payee_check_id?: string | undefined; proceed_anyway?: boolean | undefined },
  now: Date,
): Promise<PayeeConfirmation> {
  const required = () =>
    new AppError('payee_check_required', 422, 'Check the name of the account holder first.');
  if (!input.payee_check_id) throw required();
  const check = await db
    .selectFrom('payee_checks')
    .select(['id', 'merchant_id', 'iban', 'entered_name', 'result', 'created_at'])
    .where('id', '=', input.payee_check_id)
    .executeTakeFirst();
  if (
    !check ||
    check.merchant_id !== payer.merchantId ||
    check.iban !== recipient.iban ||
    check.entered_name.trim() !== recipient.name.trim() ||
    check.created_at.getTime() < now.getTime() - payeeCheckValidityMs
  ) {
    throw required();
  }
  if (check.result !== 'match' && input.proceed_anyway !== true) {
    throw new AppError(
      'payee_check_not_confirmed',
      422,
      'The name check was not a match: amend the details or confirm that you proceed anyway.',
      { details: { result: check.result, check_id: check.id } },
    );
  }
  return { checkId: check.id, result: check.result, proceededAnyway: check.result !== 'match' };
}

/** The request as the client meant it, normalised: a repeated key must come with the same one. */
function clientHash(body: SendMoneyBody): string {
  const r = body.recipient;
  const canonical = JSON.stringify([
    body.account_type,
    'wallet_tag' in r ? ['wallet', r.wallet_tag] : null,
    'iban' in r ? ['iban', r.iban, r.name.trim()] : null,
    'beneficiary_id' in r ? ['beneficiary', r.beneficiary_id.toLowerCase()] : null,
    'wallet_tag' in r ? null : [r.payee_check_id?.toLowerCase() ?? null, r.proceed_anyway ?? false],
    body.amount_minor,
    body.currency ?? null,
    body.note?.trim() || null,
    body.gif ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The ledger key of a send-money request: scoped to the merchant, so keys of different merchants never meet. */
export const ledgerKeyOf = (merchantId: string, key: string) => `send:${merchantId}:${key}`;

type Replay = { transferId: string; debitAccountId: string };

const keyConflict = () =>
  new AppError('conflict', 409, 'This idempotency key was already used for a different request.');

/** The earlier payment made with this key, if any; 409 if it was another request. */
async function earlier(db: Database | Trx<DB>, ledgerKey: string, hash: string): Promise<Replay | null> {
  const row = await db
    .selectFrom('transfers')
    .select(['id', 'debit_account_id', 'client_request_hash'])
    .where('idempotency_key', '=', ledgerKey)
    .executeTakeFirst();
  if (!row) return null;
  if (row.client_request_hash !== hash) throw keyConflict();
  return { transferId: row.id, debitAccountId: row.debit_account_id };
}

/** Thrown inside the transaction to roll it back when the key turns out to be a replay: nothing of ours is kept. */
class ReplayFound extends Error {
  constructor(readonly replay: Replay) {
    super('replay');
  }
}

export type SendMoneyInput = {
  body: SendMoneyBody;
  idempotencyKey: string;
  stepUpToken: string | undefined;
  settings: PaymentSettings;
  /** Where the request came from, for the audit trail. */
  origin: RequestOrigin | null;
  now?: Date;
};

export type SendMoneyResult = { transaction: Transaction; replayed: boolean };

/**
 * sendMoney: validates the recipient, the name check and the amount, then in ONE transaction consumes the one-time
 * code grant (when the amount or the rail needs one), posts the transfer and records the name check. A wallet
 * payment, or one to an IBAN of this bank, is completed at once (account_to_account); one to another bank is pending
 * in clearing (bank_transfer) until the settlement job. The same key and request answer the first result.
 */
export async function sendMoney(db: Database, payer: Payer, input: SendMoneyInput): Promise<SendMoneyResult> {
  const { body, settings } = input;
  const now = input.now ?? new Date();
  const hash = clientHash(body);
  const ledgerKey = ledgerKeyOf(payer.merchantId, input.idempotencyKey);
  const replayOf = async (replay: Replay): Promise<SendMoneyResult> => ({
    transaction: await transactionFor(db, replay.debitAccountId, replay.transferId),
    replayed: true,
  });

  // A retry of a payment that went through answers it again, whatever has changed since (balance, code grant).
  // A payment to a wallet tag reads the recipient with the source account (the same currency as below).
  const wallet =
    'wallet_tag' in body.recipient
      ? { tag: body.recipient.wallet_tag, currency: body.currency ?? body.account_type.toUpperCase() }
      : undefined;
  const source = await sourceAccount(db, payer.merchantId, body.account_type, ledgerKey, wallet);
  if (source.prior) {
    if (source.prior.hash !== hash) throw keyConflict();
    return replayOf(source.prior);
  }

  const amount = BigInt(body.amount_minor);
  const recipient = await resolveRecipient(
    db,
    payer,
    body.recipient,
    body.currency ?? source.currency,
    source.wallet,
  );
  const creditCurrency = creditCurrencyOf(recipient, source, body.currency);
  const price = priceFor(recipient, source, creditCurrency, amount);
  const confirmation =
    recipient.kind === 'iban' && !('wallet_tag' in body.recipient)
      ? await payeeConfirmation(db, payer, recipient, body.recipient, now)
      : null;
  const creditAccountId =
    recipient.kind === 'wallet'
      ? walletAccount(recipient, creditCurrency)
      : recipient.internal
        ? recipient.internal.accountId
        : await systemAccount(db, creditCurrency, 'clearing');
  const external = recipient.kind === 'iban' && recipient.internal === null;
  const needsCode = requiresVerification(recipient.kind, amount, source.currency, settings);
  const note = body.note?.trim() || null;

  // The grant (when a one-time code is needed) is spent in the same transaction as the posting.
  const spendGrant = async (trx: Trx<DB>): Promise<void> => {
    try {
      await consumeStepUp(trx, { userId: payer.userId, purpose: 'send_money', token: input.stepUpToken });
    } catch (error) {
      // A concurrent retry with the same key and grant waited for the grant's lock: the first has committed.
      const raced = await earlier(trx, ledgerKey, hash);
      if (raced) throw new ReplayFound(raced);
      throw error;
    }
  };
  // The merchant paid (by wallet tag, or at an IBAN of this bank) is notified with the payment: the
  // posting's own statement writes the notification and its NOTIFY, only if it posts (migration 027).
  const payee =
    recipient.kind === 'wallet'
      ? recipient.merchantId
      : recipient.kind === 'iban'
        ? recipient.internal?.merchantId
        : null;
  const notification = payee
    ? moneyReceivedOnPosting({
        merchantId: payee,
        amountMinor: price.exchangeRate ? price.creditMinor : amount,
        currency: creditCurrency,
        via: 'wallet',
        fromMerchantId: payer.merchantId,
      })
    : undefined;
  const pay = async (runner: Database | Trx<DB>): Promise<Transfer> => {
    let posted: { transfer: Transfer; replayed: boolean };
    try {
      posted = await postTransfer(runner, {
        type: external ? 'bank_transfer' : 'account_to_account',
        status: external ? 'pending' : 'completed',
        amountMinor: amount,
        currency: source.currency,
        debitAccountId: source.id,
        creditAccountId,
        credit: price.exchangeRate
          ? { amountMinor: price.creditMinor, currency: creditCurrency, exchangeRate: price.exchangeRate }
          : undefined,
        feeMinor: price.feeMinor,
        counterpartyName: recipient.kind === 'wallet' ? recipient.merchantName : recipient.name,
        counterpartyIban: recipient.kind === 'iban' ? recipient.iban : null,
        counterpartyWalletTag: recipient.kind === 'wallet' ? recipient.walletTag : null,
        note,
        initiatedBy: payer.userId,
        idempotencyKey: ledgerKey,
        // Recorded with the transfer in the same statement (never on a replay).
        extra: {
          client_request_hash: hash,
          gif: body.gif ?? null,
          payee_check_id: confirmation?.checkId ?? null,
          payee_check_result: confirmation?.result ?? null,
          payee_proceeded_anyway: confirmation?.proceededAnyway ?? null,
        },
        notification,
      });
    } catch (error) {
      if (error instanceof AppError && error.code === 'insufficient_funds') {
        throw new AppError('insufficient_funds', 422, insufficientFundsMessage);
      }
      if (error instanceof AppError && error.code === 'conflict') {
        const raced = await earlier(runner, ledgerKey, hash);
        if (raced) throw new ReplayFound(raced);
      }
      throw error;
    }
    if (posted.replayed) {
      // Another request with this key committed first: roll ours back (the grant stays unspent) and answer it. The
      // prior row came back with the posting: its client hash decides, as `earlier` would.
      if (posted.transfer.client_request_hash !== hash) throw keyConflict();
      throw new ReplayFound({
        transferId: posted.transfer.id,
        debitAccountId: posted.transfer.debit_account_id,
      });
    }
    return posted.transfer;
  };

  try {
    // The payment and its audit entry commit or vanish together (a replay answered above writes none).
    const transfer = await db.transaction().execute(async (trx) => {
      if (needsCode) await spendGrant(trx);
      const posted = await pay(trx);
      await recordAudit(trx, {
        realm: 'merchant',
        actorUserId: payer.userId,
        merchantId: payer.merchantId,
        action: 'payment.sent',
        subject: `transfer:${posted.id}`,
        details: {
          amount_minor: amount.toString(),
          currency: source.currency,
          rail: external ? 'bank_transfer' : recipient.kind === 'wallet' ? 'wallet' : 'internal_iban',
          payee_name: recipient.kind === 'wallet' ? recipient.merchantName : recipient.name,
          payee_wallet_tag: recipient.kind === 'wallet' ? recipient.walletTag : null,
          payee_iban: recipient.kind === 'iban' ? recipient.iban : null,
        },
        origin: input.origin,
      });
      return posted;
    });
    const known = postedView(transfer, payer, recipient);
    return { transaction: known ?? (await transactionFor(db, source.id, transfer.id)), replayed: false };
  } catch (error) {
    if (error instanceof ReplayFound) return replayOf(error.replay);
    throw error;
  }
}

/**
 * The payer's view of the transfer just posted, from what is in hand (the inserted row, the recipient, the payer's
 * name): what `transactionFor` would read back after the commit, without the query. Null when something is not in
 * hand: the payer's name, or an exchange rate (the view shows it as PostgreSQL normalises it).
 */
function postedView(transfer: Transfer, payer: Payer, recipient: Recipient): Transaction | null {
  if (!payer.name || transfer.exchange_rate !== null || transfer.initiated_by !== payer.userId) return null;
  const credit =
    recipient.kind === 'wallet'
      ? { merchant: recipient.merchantName, tag: recipient.walletTag, iban: recipient.accountIban }
      : recipient.internal
        ? {
            merchant: recipient.internal.merchantName,
            tag: recipient.internal.walletTag,
            iban: recipient.iban,
          }
        : { merchant: null, tag: null, iban: null };
  return transactionView(
    {
      ...transfer,
      created_us: 0n, // the list's cursor only
      initiator_first: payer.name.first,
      initiator_last: payer.name.last,
      // The debit side is the payer's own account: the view does not show it.
      debit_merchant: null,
      debit_tag: null,
      debit_iban: null,
      credit_merchant: credit.merchant,
      credit_tag: credit.tag,
      credit_iban: credit.iban,
    },
    transfer.debit_account_id,
  );
}

/** amountRequiresVerification: whether a payment of this amount needs a one-time code, and the threshold. */
export async function amountRequiresVerification(
  db: Database,
  merchantId: string,
  query: AmountVerificationQuery,
  settings: PaymentSettings,
): Promise<AmountVerification> {
  const source = await sourceAccount(db, merchantId, query.account_type);
  const threshold = thresholdIn(source.currency, settings);
  return {
    requires_verification: requiresVerification(
      query.recipient_type ?? 'wallet',
      BigInt(query.amount_minor),
      source.currency,
      settings,
    ),
    threshold: moneyOf(threshold, source.currency),
  };
}

/** predefinedSendAmount: suggested amounts per currency, or for one account type. */
export function predefinedSendAmounts(accountType?: string): PredefinedAmounts {
  const currencies = accountType
    ? currencyCodes.filter((code) => code === accountType.toUpperCase())
    : [...currencyCodes];
  if (accountType && currencies.length === 0)
    throw new AppError('not_found', 404, 'No data found for this currency.');
  return {
    items: currencies.map((currency) => ({
      currency,
      amounts: predefinedAmounts[currency].map((amount) => moneyOf(amount, currency)),
    })),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Lower case without accents, every run of other characters one space: how names are compared in the search. */
function searchForm(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^a-z0-9α-ω]+/g, ' ')
    .trim();
}

/**
 * The same comparison form in SQL (for merchants' business names): `translate` maps each upper-case or accented Latin
 * or Greek letter to its plain lower-case one, the pairs computed here so that the database and `searchForm` agree.
 * `lower()` is not used for them: under the C locale (a cluster made with --no-locale) it lowers ASCII only.
 */
const letterPairs = (() => {
  const from: string[] = [];
  const to: string[] = [];
  const ranges: [number, number][] = [
    [0x41, 0x5a],
    [0xc0, 0x17f],
    [0x386, 0x3ce],
  ];
  for (const [first, last] of ranges) {
    for (let code = first; code <= last; code += 1) {
      const letter = String.fromCodePoint(code);
      const plain = letter.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
      if (plain.length === 1 && plain !== letter && !from.includes(letter)) {
        from.push(letter);
        to.push(plain);
      }
    }
  }
  return { from: from.join(''), to: to.join('') };
})();

const sqlSearchForm = (column: string) =>
  sql<string>`' ' || regexp_replace(translate(${sql.ref(column)}, ${letterPairs.from}, ${letterPairs.to}), '[^a-z0-9α-ω]+', ' ', 'g')`;

/** How many of the merchant's latest outgoing payments are read for recent payees. */
const recentPaymentsRead = 50;

type Candidate = { contact: Contact; key: string; exact: boolean; group: number; order: number };

/**
 * searchContacts (the ranking rule is in schemas/sendMoney.schema.ts `Contact`): wallet tags by prefix and business
 * names by word prefix among approved merchants, the merchant's saved beneficiaries and recent payees, and a whole
 * IBAN (its validity and whether it is ours; never a name, the name check decides that). Never the merchant itself.
 */
export async function searchContacts(db: Database, merchantId: string, q: string): Promise<Contact[]> {
  const query = q.trim();
  const compact = query.replace(/[\s-]+/g, '').toUpperCase();
  const wholeIban = /^[A-Z]{2}[0-9]{2}[A-Z0-9]{4,}$/.test(compact) && compact.length >= 15;
  const ibanPrefix = /^[A-Z]{2}[0-9]{2}[A-Z0-9]*$/.test(compact) ? compact : null;
  const tagPrefix = query.toLowerCase().replace(/^@/, '');
  const byTag = /^[a-z0-9-]{1,32}$/.test(tagPrefix) ? `@${tagPrefix}` : null;
  // A query starting with `@` is a wallet tag only; an IBAN is not a name.
  const name = query.startsWith('@') || wholeIban ? '' : searchForm(query);

  const own = await db
    .selectFrom('merchants as m')
    .leftJoin('ledger_accounts as a', (join) =>
      join.onRef('a.merchant_id', '=', 'm.id').on('a.kind', '=', 'merchant'),
    )
    .select(['m.wallet_tag', 'a.id as account_id', 'a.iban'])
    .where('m.id', '=', merchantId)
    .execute();
  const ownTag = own[0]?.wallet_tag ?? null;
  const ownIbans = new Set(own.flatMap((row) => (row.iban ? [row.iban] : [])));
  const ownAccounts = own.flatMap((row) => (row.account_id ? [row.account_id] : []));
  const isSelf = (tag: string | null, iban: string | null) =>
    (tag !== null && tag === ownTag) || (iban !== null && ownIbans.has(iban));

  const matchesName = (text: string) => name !== '' && ` ${searchForm(text)}`.includes(` ${name}`);
  const matchesAddress = (tag: string | null, iban: string | null) =>
    (byTag !== null && tag !== null && tag.startsWith(byTag)) ||
    (ibanPrefix !== null && iban !== null && iban.startsWith(ibanPrefix));
  const isExact = (text: string, tag: string | null, iban: string | null) =>
    (name !== '' && searchForm(text) === name) ||
    (byTag !== null && tag === byTag) ||
    (wholeIban && iban === compact);

  const candidates: Candidate[] = [];
  const saved = await listBeneficiaries(db, merchantId, undefined);
  saved.beneficiaries.forEach((beneficiary, order) => {
    const { wallet_tag: tag, iban } = beneficiary;
    if (isSelf(tag, iban)) return;
    const names = [beneficiary.name, beneficiary.first_name ?? '', beneficiary.last_name ?? ''];
    if (!names.some(matchesName) && !matchesAddress(tag, iban)) return;
    candidates.push({
      contact: {
        kind: 'beneficiary',
        beneficiary_id: beneficiary.id,
        name: beneficiary.name,
        wallet_tag: tag,
        iban,
      },
      key: tag ?? iban ?? beneficiary.id,
      exact: isExact(beneficiary.name, tag, iban),
      group: 1,
      order,
    });
  });

  if (ownAccounts.length > 0) {
    const payments = await db
      .selectFrom('transfers')
      .select(['counterparty_name', 'counterparty_wallet_tag', 'counterparty_iban', 'created_at'])
      .where('debit_account_id', 'in', ownAccounts)
      .where('type', 'in', ['account_to_account', 'bank_transfer'])
      .where('status', '<>', 'failed')
      .where((eb) =>
        eb.or([eb('counterparty_wallet_tag', 'is not', null), eb('counterparty_iban', 'is not', null)]),
      )
      .orderBy('created_at', 'desc')
      .limit(recentPaymentsRead)
      .execute();
    const seen = new Set<string>();
    payments.forEach((payment, order) => {
      const tag = payment.counterparty_wallet_tag;
      const iban = tag === null ? payment.counterparty_iban : null;
      const key = tag ?? iban ?? '';
      if (seen.has(key) || isSelf(tag, iban)) return;
      seen.add(key);
      const label = payment.counterparty_name ?? tag ?? iban ?? '';
      if (!matchesName(label) && !matchesAddress(tag, iban)) return;
      candidates.push({
        contact: {
          kind: 'recent',
          name: label,
          wallet_tag: tag,
          iban,
          last_paid_at: payment.created_at.toISOString(),
        },
        key,
        exact: isExact(label, tag, iban),
        group: 2,
        order,
      });
    });
  }

  if (wholeIban) {
    if (!isValidIBAN(compact)) {
      candidates.push({
        contact: { kind: 'iban', iban: compact, valid: false, at_this_bank: false },
        key: compact,
        exact: false,
        group: 3,
        order: 0,
      });
    } else if (!ownIbans.has(compact)) {
      const ours = await db
        .selectFrom('ledger_accounts')
        .select(['merchant_id'])
        .where('iban', '=', compact)
        .where('kind', '=', 'merchant')
        .executeTakeFirst();
      if (ours?.merchant_id !== merchantId) {
        candidates.push({
          contact: { kind: 'iban', iban: compact, valid: true, at_this_bank: Boolean(ours) },
          key: compact,
          exact: false,
          group: 3,
          order: 0,
        });
      }
    }
  } else if (byTag !== null || name !== '') {
    const normalized = sqlSearchForm('name');
    const rows = await db
      .selectFrom('merchants')
      .select(['name', 'wallet_tag'])
      .where('status', '=', 'approved')
      .where('id', '<>', merchantId)
      .where('wallet_tag', 'is not', null)
      .where((eb) =>
        eb.or([
          ...(byTag !== null ? [eb('wallet_tag', 'like', `${escapeLike(byTag)}%`)] : []),
          ...(name !== '' ? [eb(normalized, 'like', `% ${escapeLike(name)}%`)] : []),
        ]),
      )
      .orderBy(sql`(wallet_tag = ${byTag ?? ''} OR ${normalized} = ${` ${name}`})`, 'desc')
      .orderBy('wallet_tag')
      .limit(contactSearchLimit * 2)
      .execute();
    rows.forEach((row, order) => {
      if (!row.wallet_tag) return;
      candidates.push({
        contact: { kind: 'wallet', wallet_tag: row.wallet_tag, name: row.name },
        key: row.wallet_tag,
        exact: isExact(row.name, row.wallet_tag, null),
        group: 3,
        order,
      });
    });
  }

  // One entry per recipient, under its best kind (the lowest group), then exact first and group by group. A typed
  // IBAN stays beside a saved or recent payee of that IBAN: the merchant may pay it under another name.
  const best = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = candidate.contact.kind === 'iban' ? `typed:${candidate.key}` : candidate.key;
    const kept = best.get(key);
    if (!kept || candidate.group < kept.group) best.set(key, candidate);
  }
  return [...best.values()]
    .sort((a, b) => Number(b.exact) - Number(a.exact) || a.group - b.group || a.order - b.order)
    .slice(0, contactSearchLimit)
    .map((candidate) => candidate.contact);
}

/**
 * transferConfirmation: what a payment would be, before it is made: amount, fee, total, rate, credited amount and
 * whether a code is needed. The same `priceTransfer` the payment uses, so the figures are the ones recorded.
 */
export async function transferQuote(
  db: Database,
  payer: Payer,
  query: TransferQuoteQuery,
  settings: PaymentSettings,
): Promise<TransferQuote> {
  const hasTag = query.wallet_tag !== undefined && query.wallet_tag.trim() !== '';
  const hasIban = query.iban !== undefined && query.iban.trim() !== '';
  if (hasTag === hasIban) throw badField('wallet_tag', 'Give either a wallet tag or an IBAN.');
  const amount = BigInt(query.amount_minor);
  const source = await sourceAccount(db, payer.merchantId, query.account_type);
  let recipient: Recipient;
  if (hasTag) {
    const raw = (query.wallet_tag ?? '').trim().toLowerCase();
    const tag = raw.startsWith('@') ? raw : `@${raw}`;
    if (!/^@[a-z0-9]+(?:-[a-z0-9]+)*$/.test(tag))
      throw badField('wallet_tag', 'Enter a wallet tag like @demo-coffee.');
    recipient = await walletRecipient(db, payer, tag, query.currency ?? source.currency);
  } else {
    const iban = (query.iban ?? '').replace(/[\s-]+/g, '').toUpperCase();
    if (!isValidIBAN(iban)) throw badField('iban', 'Invalid IBAN.');
    recipient = await ibanRecipient(db, payer, iban, '');
  }
  const creditCurrency = creditCurrencyOf(recipient, source, query.currency);
  if (recipient.kind === 'wallet') walletAccount(recipient, creditCurrency);
  const price = priceFor(recipient, source, creditCurrency, amount);
  const external = recipient.kind === 'iban' && recipient.internal === null;
  const total = amount + price.feeMinor;
  return {
    type: external ? 'bank_transfer' : 'account_to_account',
    status: external ? 'pending' : 'completed',
    amount: moneyOf(amount, source.currency),
    fee: moneyOf(price.feeMinor, source.currency),
    total: moneyOf(total, source.currency),
    credited_amount: moneyOf(price.creditMinor, creditCurrency),
    exchange_rate: price.exchangeRate
      ? { from: source.currency, to: creditCurrency, rate: price.exchangeRate }
      : null,
    requires_verification: requiresVerification(recipient.kind, amount, source.currency, settings),
    sufficient_funds: total <= source.balance,
    available_balance: moneyOf(source.balance, source.currency),
  };
}

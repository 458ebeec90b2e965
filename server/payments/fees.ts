import { currencyCodes, type CurrencyCode } from '../../schemas/accounts.schema';
import { AppError } from '../errors';

/**
 * Fees and exchange rates of a payment (docs/fees.md). Pure: a small bundled table, integer arithmetic on minor
 * units, no clock, no I/O. The quote (`transferConfirmation`) and the payment itself call the same `priceTransfer`,
 * so the figures shown before confirming are the figures recorded. Every supported currency has 2 minor units.
 * Every plan pays this table (docs/plans.md, ADR 013); a plan with fees of its own would be an argument here.
 */

/** How the money travels, which decides the fee. */
export type Rail =
  /** To a wallet tag, or to an IBAN of this bank: settles at once, free. */
  | 'internal'
  /** To another bank's IBAN in a SEPA country, credited in EUR. */
  | 'sepa'
  /** To another bank outside SEPA, or credited in another currency than EUR. */
  | 'international';

/** Flat fees in the debit currency's minor units. */
export const externalFees: Record<CurrencyCode, { sepa: bigint; international: bigint }> = {
  EUR: { sepa: 50n, international: 500n },
  USD: { sepa: 55n, international: 550n },
  GBP: { sepa: 45n, international: 450n },
};

/** Fixed mid-market rates of the sandbox: units of each currency for 1 EUR, as a decimal string. */
export const midRatesPerEur: Record<CurrencyCode, string> = {
  EUR: '1',
  USD: '1.08',
  GBP: '0.85',
};

/** The bank's margin on a cross-currency payment, in basis points of the mid rate (0.50 %). */
export const fxMarginBasisPoints = 50n;

/** Rates are carried as integers scaled by 10^12 (the ledger stores numeric(24,12)). */
const rateScale = 10n ** 12n;

/**
 * The countries of the SEPA scheme (EPC list): EU/EEA, Switzerland, the UK, Monaco, San Marino, Andorra, the
 * Vatican, and the Crown dependencies.
 */
export const sepaCountries: ReadonlySet<string> = new Set(
  (
    'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK ' +
    'IS LI NO CH GB MC SM AD VA GI GG JE IM'
  ).split(' '),
);

export function isSupportedCurrency(code: string): code is CurrencyCode {
  return (currencyCodes as readonly string[]).includes(code);
}

function scaled(decimal: string): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return BigInt(whole) * rateScale + BigInt(fraction.padEnd(12, '0').slice(0, 12) || '0');
}

/** "1.080000000000" → "1.08"; at most 12 decimals, as the ledger wants. */
function formatRate(value: bigint): string {
  const whole = value / rateScale;
  const fraction = (value % rateScale).toString().padStart(12, '0').replace(/0+$/, '');
  return fraction ? `${whole.toString()}.${fraction}` : whole.toString();
}

/** Customer rate from→to, scaled: the mid rate less the margin, rounded down (never in the payer's favour). */
function customerRate(from: CurrencyCode, to: CurrencyCode): bigint {
  const mid = (scaled(midRatesPerEur[to]) * rateScale) / scaled(midRatesPerEur[from]);
  return (mid * (10_000n - fxMarginBasisPoints)) / 10_000n;
}

export type Price = {
  rail: Rail;
  /** Charged to the payer on top of the amount, in the debit currency. */
  feeMinor: bigint;
  /** What the payee is credited, in the credit currency. */
  creditMinor: bigint;
  /** Credit units per debit unit, margin included; null within one currency. */
  exchangeRate: string | null;
};

/** Which rail a payment takes: wallet and our own IBANs are internal; otherwise by the IBAN's country and currency. */
export function railFor(
  recipient: { atThisBank: boolean; ibanCountry?: string | undefined },
  creditCurrency: string,
): Rail {
  if (recipient.atThisBank) return 'internal';
  return creditCurrency === 'EUR' && sepaCountries.has(recipient.ibanCountry ?? '')
    ? 'sepa'
    : 'international';
}

/**
 * Fee, credited amount and rate of a payment of `amountMinor` (debit currency) to be credited in `creditCurrency`.
 * 422 when a cross-currency amount is too small to credit a single minor unit.
 */
export function priceTransfer(input: {
  rail: Rail;
  amountMinor: bigint;
  debitCurrency: CurrencyCode;
  creditCurrency: CurrencyCode;
}): Price {
  const feeMinor = input.rail === 'internal' ? 0n : externalFees[input.debitCurrency][input.rail];
  if (input.debitCurrency === input.creditCurrency) {
    return { rail: input.rail, feeMinor, creditMinor: input.amountMinor, exchangeRate: null };
  }
  const rate = customerRate(input.debitCurrency, input.creditCurrency);
  const creditMinor = (input.amountMinor * rate) / rateScale;
  if (creditMinor <= 0n) {
    throw new AppError('validation_failed', 400, 'The amount is too small to convert.', {
      fields: { amount_minor: 'The amount is too small to convert.' },
    });
  }
  return { rail: input.rail, feeMinor, creditMinor, exchangeRate: formatRate(rate) };
}

/** An amount in EUR minor units expressed in another currency at the mid rate, rounded up. */
export function fromEur(amountEurMinor: bigint, currency: CurrencyCode): bigint {
  const numerator = amountEurMinor * scaled(midRatesPerEur[currency]);
  return (numerator + rateScale - 1n) / rateScale;
}

/** Suggested amounts on the amount step, per currency (minor units). */
export const predefinedAmounts: Record<CurrencyCode, bigint[]> = {
  EUR: [1000n, 2000n, 5000n, 10000n, 20000n],
  USD: [1000n, 2500n, 5000n, 10000n, 25000n],
  GBP: [1000n, 2000n, 5000n, 10000n, 20000n],
};

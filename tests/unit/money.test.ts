import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { supportedCurrencies } from '../../schemas/accounts.schema';
import {
  AmountMinor,
  AmountMinorOrZero,
  currencyDigits,
  decimalToMinor,
  maxAmountMinor,
  minorToDecimal,
  moneyOf,
} from '../../schemas/money';

// schemas/money.ts is the one place both sides turn typed decimals into minor units and back; these properties hold
// for every currency Intl knows (0, 2 and 3 digits among them) and every amount the ledger accepts.

const currencies = Intl.supportedValuesOf('currency');
const currency = fc.constantFrom(...currencies);
const amount = fc.bigInt({ min: 0n, max: maxAmountMinor });
const positiveAmount = fc.bigInt({ min: 1n, max: maxAmountMinor });
const digitText = (minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength, maxLength });

describe('minor units ↔ decimal text', () => {
  it('knows the digits of currencies with 0, 2 and 3 of them', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('BHD')).toBe(3);
    for (const { code, minor_units } of supportedCurrencies) expect(currencyDigits(code)).toBe(minor_units);
  });

  it('gives back every amount up to the ledger maximum in every currency: minor → decimal → minor', () => {
    fc.assert(
      fc.property(currency, amount, (code, minor) => {
        const digits = currencyDigits(code);
        const decimal = minorToDecimal(minor, digits);
        expect(decimalToMinor(decimal, digits)).toBe(minor.toString());
        // The same text with a comma, as Greek readers type it.
        expect(decimalToMinor(decimal.replace('.', ','), digits)).toBe(minor.toString());
        // All the currency's digits, no more, no fewer.
        expect(decimal.split('.')[1]?.length ?? 0).toBe(digits);
      }),
      { numRuns: 2000 },
    );
  });

  it('writes negative amounts with a sign and the same digits', () => {
    fc.assert(
      fc.property(currency, positiveAmount, (code, minor) => {
        const digits = currencyDigits(code);
        expect(minorToDecimal(-minor, digits)).toBe(`-${minorToDecimal(minor, digits)}`);
        expect(minorToDecimal((-minor).toString(), digits)).toBe(`-${minorToDecimal(minor, digits)}`);
      }),
    );
  });

  it('refuses decimal texts with more decimals than the currency has digits', () => {
    fc.assert(
      fc.property(currency, digitText(1, 16), fc.integer({ min: 1, max: 6 }), (code, whole, extra) => {
        const digits = currencyDigits(code);
        const fraction = '5'.repeat(digits + extra);
        expect(decimalToMinor(`${whole}.${fraction}`, digits)).toBeNull();
        expect(decimalToMinor(`${whole},${fraction}`, digits)).toBeNull();
      }),
    );
  });

  it('refuses amounts above the ledger maximum', () => {
    fc.assert(
      fc.property(
        currency,
        fc.bigInt({ min: maxAmountMinor + 1n, max: maxAmountMinor * 1000n }),
        (code, minor) => {
          const digits = currencyDigits(code);
          expect(decimalToMinor(minorToDecimal(minor, digits), digits)).toBeNull();
        },
      ),
    );
  });

  it('reads any text as nothing or as a canonical amount within the maximum', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), fc.constantFrom(0, 2, 3), (text, digits) => {
        const minor = decimalToMinor(text, digits);
        if (minor === null) return;
        expect(minor).toMatch(/^(?:0|[1-9]\d*)$/);
        expect(BigInt(minor) <= maxAmountMinor).toBe(true);
      }),
    );
  });

  it('reads amounts exactly in minor units', () => {
    expect(decimalToMinor('150', 2)).toBe('15000');
    expect(decimalToMinor('25.5', 2)).toBe('2550');
    expect(decimalToMinor('0,5', 2)).toBe('50');
    expect(decimalToMinor('0,01', 2)).toBe('1');
    expect(decimalToMinor(' 7 ', 0)).toBe('7');
    expect(decimalToMinor('1.001', 2)).toBeNull();
    expect(decimalToMinor('1.5', 0)).toBeNull();
    expect(decimalToMinor('-3', 2)).toBeNull();
    expect(decimalToMinor('+3', 2)).toBeNull();
    expect(decimalToMinor('1,000.00', 2)).toBeNull();
    expect(decimalToMinor('1e5', 2)).toBeNull();
    expect(decimalToMinor('.5', 2)).toBeNull();
    expect(decimalToMinor('abc', 2)).toBeNull();
    expect(decimalToMinor('', 2)).toBeNull();
  });
});

describe('the amount rules', () => {
  it('AmountMinor accepts every positive amount up to the maximum, in its canonical form only', () => {
    fc.assert(
      fc.property(positiveAmount, (minor) => {
        expect(AmountMinor.safeParse(minor.toString()).success).toBe(true);
        expect(AmountMinor.safeParse(`0${minor}`).success).toBe(false);
        expect(AmountMinor.safeParse((-minor).toString()).success).toBe(false);
      }),
    );
    expect(AmountMinor.safeParse('0').success).toBe(false);
    expect(AmountMinor.safeParse(maxAmountMinor.toString()).success).toBe(true);
    expect(AmountMinor.safeParse((maxAmountMinor + 1n).toString()).success).toBe(false);
    expect(AmountMinor.safeParse('12.50').success).toBe(false);
  });

  it('AmountMinorOrZero accepts the same amounts and zero, nothing more', () => {
    fc.assert(
      fc.property(amount, (minor) => {
        expect(AmountMinorOrZero.safeParse(minor.toString()).success).toBe(true);
        expect(AmountMinorOrZero.safeParse(` ${minor} `).success).toBe(true);
      }),
    );
    expect(AmountMinorOrZero.safeParse('0').success).toBe(true);
    expect(AmountMinorOrZero.safeParse('00').success).toBe(false);
    expect(AmountMinorOrZero.safeParse((maxAmountMinor + 1n).toString()).success).toBe(false);
    expect(AmountMinorOrZero.safeParse('-1').success).toBe(false);
  });

  it('puts money on the wire as a decimal string of minor units', () => {
    expect(moneyOf(-123456n, 'EUR')).toEqual({ amount_minor: '-123456', currency: 'EUR' });
    expect(moneyOf(900719925474099312n, 'USD').amount_minor).toBe('900719925474099312');
  });
});

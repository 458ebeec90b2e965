import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { currencyDigits, minorToDecimal } from '../../schemas/money';
import { formatMoney } from '../../src/i18n/formatMoney';

// Intl separates currency and number with a no-break space; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('minorToDecimal', () => {
  it('places the decimal point by the currency digits with no float in between', () => {
    expect(minorToDecimal('123456', 2)).toBe('1234.56');
    expect(minorToDecimal('-5', 2)).toBe('-0.05');
    expect(minorToDecimal('0', 2)).toBe('0.00');
    expect(minorToDecimal('1500', 0)).toBe('1500');
    expect(minorToDecimal('1234', 3)).toBe('1.234');
  });

  it('keeps amounts beyond 2^53 exact', () => {
    expect(minorToDecimal('900719925474099312', 2)).toBe('9007199254740993.12');
  });

  it('refuses anything but an integer string', () => {
    expect(() => minorToDecimal('12.5', 2)).toThrow();
    expect(() => minorToDecimal('1e5', 2)).toThrow();
  });
});

describe('formatMoney', () => {
  const en = createIntl({ locale: 'en' });
  const el = createIntl({ locale: 'el' });

  it('formats for the reader', () => {
    expect(plain(formatMoney(en, { amount_minor: '123456', currency: 'EUR' }))).toBe('€1,234.56');
    expect(plain(formatMoney(el, { amount_minor: '123456', currency: 'EUR' }))).toBe('1.234,56 €');
  });

  it('uses the currency’s own minor units', () => {
    expect(currencyDigits('JPY')).toBe(0);
    expect(plain(formatMoney(en, { amount_minor: '1500', currency: 'JPY' }))).toBe('¥1,500');
    expect(plain(formatMoney(en, { amount_minor: '1234', currency: 'BHD' }))).toBe('BHD 1.234');
  });

  it('shows signs when asked', () => {
    expect(plain(formatMoney(en, { amount_minor: '-250', currency: 'EUR' }))).toBe('-€2.50');
    expect(
      plain(formatMoney(en, { amount_minor: '250', currency: 'EUR' }, { signDisplay: 'exceptZero' })),
    ).toBe('+€2.50');
  });

  it('prints huge balances exactly', () => {
    expect(plain(formatMoney(en, { amount_minor: '900719925474099312', currency: 'EUR' }))).toBe(
      '€9,007,199,254,740,993.12',
    );
  });
});

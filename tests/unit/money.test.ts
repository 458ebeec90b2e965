import { describe, expect, it } from 'vitest';
import { decimalToMinor } from '../../schemas/money';

describe('decimalToMinor', () => {
  it('reads amounts exactly in minor units', () => {
    expect(decimalToMinor('150', 2)).toBe('15000');
    expect(decimalToMinor('25.5', 2)).toBe('2550');
    expect(decimalToMinor('0,5', 2)).toBe('50');
    expect(decimalToMinor('0,01', 2)).toBe('1');
    expect(decimalToMinor('1.001', 2)).toBeNull();
    expect(decimalToMinor('-3', 2)).toBeNull();
    expect(decimalToMinor('abc', 2)).toBeNull();
  });
});

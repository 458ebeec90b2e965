import { describe, expect, it } from 'vitest';
import {
  basisPointsToPercentage,
  normaliseVat,
  percentageToBasisPoints,
  Percentage,
  RepresentativeStep,
  vatFormatValid,
} from '../../schemas/onboarding.schema';

describe('VAT numbers', () => {
  it('checks the Greek and German checksums and EU formats, with or without the prefix', () => {
    expect(vatFormatValid('GR', 'EL 123 456 783')).toBe(true);
    expect(vatFormatValid('GR', '123456789')).toBe(false);
    expect(vatFormatValid('DE', 'DE136695976')).toBe(true);
    expect(vatFormatValid('DE', '136695977')).toBe(false);
    expect(vatFormatValid('NL', 'NL123456789B01')).toBe(true);
    expect(vatFormatValid('AT', '12345678')).toBe(false);
    expect(vatFormatValid('US', '12-3456789')).toBe(true);
    expect(normaliseVat('GR', 'el-123.456.783')).toBe('123456783');
  });
});

describe('percentages', () => {
  it('are decimal strings of at most two decimals between 0 and 100, kept as basis points', () => {
    for (const ok of ['0', '25', '33.33', '100', '100.00'])
      expect(Percentage.safeParse(ok).success).toBe(true);
    for (const bad of ['-1', '100.01', '101', '1e2', '33.333', '', 50]) {
      expect(Percentage.safeParse(bad).success).toBe(false);
    }
    expect(percentageToBasisPoints('33.3')).toBe(3330);
    expect(basisPointsToPercentage(3330)).toBe('33.3');
    expect(basisPointsToPercentage(2500)).toBe('25');
  });
});

describe('representative', () => {
  const valid = {
    first_name: 'Zoë',
    last_name: "O'Brien-Smith",
    job_title: 'Director',
    date_of_birth: '1990-01-31',
    phone: '+30 (210) 123-4567',
    citizenship: 'gr',
  };
  it('takes Latin names with accents and a readable phone; refuses Greek letters and minors', () => {
    expect(RepresentativeStep.parse(valid).citizenship).toBe('GR');
    expect(RepresentativeStep.safeParse({ ...valid, first_name: 'Ζωή' }).success).toBe(false);
    const today = new Date();
    const minor = `${today.getUTCFullYear() - 17}-01-01`;
    expect(RepresentativeStep.safeParse({ ...valid, date_of_birth: minor }).success).toBe(false);
    // A Greek number as registration takes it, without its country code, is accepted (stored with it: API tests).
    expect(RepresentativeStep.safeParse({ ...valid, phone: '2101234567' }).success).toBe(true);
    expect(RepresentativeStep.safeParse({ ...valid, phone: '12' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CompanyStep,
  normalisePhone,
  normaliseWebsite,
  Phone,
  ShareholdersStep,
  sizeCodes,
  turnoverCodes,
} from '../../schemas/onboarding.schema';
import { createIntl } from 'react-intl';
import el from '../../lang/el.json';
import { sizes, turnovers } from '../../server/onboarding/reference';
import { translateIssue } from '../../src/ui/stepForm';
import { inScaleOrder, wholeUnits } from '../../src/screens/onboarding/options';

// The details a merchant tripped over in onboarding (issue 20), each pinned here.

describe('company size and turnover', () => {
  it('keep their natural order whatever order the list arrives in', () => {
    const shuffled = [...sizes].sort((a, b) => a.name_en.localeCompare(b.name_en, 'en'));
    expect(shuffled.map((item) => item.code)).not.toEqual([...sizeCodes]);
    expect(inScaleOrder(shuffled, sizeCodes).map((item) => item.name_en)).toEqual([
      'Just me',
      '2 to 10 people',
      '11 to 50 people',
      '51 to 250 people',
      'More than 250 people',
    ]);
    const reversed = [...turnovers].reverse();
    expect(inScaleOrder(reversed, turnoverCodes).map((item) => item.code)).toEqual([...turnoverCodes]);
  });
});

describe('whole amounts', () => {
  it('accept the grouping separator of the reader’s language, and no other', () => {
    expect(wholeUnits('el', '20.000')).toBe('20000');
    expect(wholeUnits('el', '1.250.000')).toBe('1250000');
    expect(wholeUnits('en', '20,000')).toBe('20000');
    expect(wholeUnits('en', '20 000')).toBe('20000');
    expect(wholeUnits('el', '20000')).toBe('20000');
    // A full stop in English reads as decimals: refused, not silently multiplied.
    expect(wholeUnits('en', '20.000')).toBeNull();
    expect(wholeUnits('el', '20,5')).toBeNull();
    expect(wholeUnits('el', '2.00')).toBeNull();
  });
});

describe('phones', () => {
  it('accept what registration accepted (a Greek mobile as dialled) and landlines, stored as E.164', () => {
    for (const [typed, stored] of [
      ['6912345678', '+306912345678'],
      ['2101234567', '+302101234567'],
      ['0030 69 1234 5678', '+306912345678'],
      ['+357 96 123456', '+35796123456'],
      ['(210) 123-4567', '+302101234567'],
    ] as const) {
      expect(Phone.safeParse(typed).success, typed).toBe(true);
      expect(normalisePhone(typed)).toBe(stored);
    }
    for (const bad of ['12345', '5912345678', 'phone']) expect(Phone.safeParse(bad).success, bad).toBe(false);
  });

  it('refused, say the forms that are accepted, in both languages', () => {
    const message = Phone.safeParse('5912345678').error?.issues[0]?.message ?? '';
    expect(translateIssue(createIntl({ locale: 'en' }), message)).toMatch(
      /starting with 69.*\+ and its country code/,
    );
    expect(translateIssue(createIntl({ locale: 'el', messages: el }), message)).toMatch(/69.*\+/);
    expect(translateIssue(createIntl({ locale: 'el', messages: el }), message)).not.toBe(message);
  });
});

describe('websites', () => {
  it('without a scheme are read as https://', () => {
    expect(normaliseWebsite('example.com')).toBe('https://example.com');
    expect(normaliseWebsite('http://example.com')).toBe('http://example.com');
    expect(normaliseWebsite('')).toBe('');
    const website = (value: string) =>
      CompanyStep.safeParse({ website_url: value }).error?.issues.some(
        (issue) => issue.path[0] === 'website_url',
      );
    expect(website('example.com')).toBe(false);
    expect(website('www.example.gr/shop')).toBe(false);
    expect(website('not a site')).toBe(true);
  });
});

describe('ownership', () => {
  const holder = (percentage: string) => ({
    type: 'individual' as const,
    name: 'Eleni Papadopoulou',
    country: 'GR',
    percentage,
    has_control: false,
  });
  it('over 100 % in total is refused at the step, beside the percentage that takes it over', () => {
    const over = ShareholdersStep.safeParse({ shareholders: [holder('60'), holder('50')], ubos_known: true });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['shareholders.1.percentage']);
    // It says how much is left for that shareholder, in the reader's language.
    const message = over.error?.issues[0]?.message ?? '';
    expect(translateIssue(createIntl({ locale: 'en' }), message)).toBe(
      'The shares come to more than 100 %; at most 40 % is left for this shareholder.',
    );
    expect(translateIssue(createIntl({ locale: 'el', messages: el }), message)).toMatch(/40 %/);
    expect(translateIssue(createIntl({ locale: 'el', messages: el }), message)).not.toBe(message);
    expect(
      ShareholdersStep.safeParse({ shareholders: [holder('60'), holder('40')], ubos_known: true }).success,
    ).toBe(true);
  });
});

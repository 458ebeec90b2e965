import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { firstStep } from '../../machines/onboarding.machine';
import { CompanyStep, RepresentativeStep } from '../../schemas/onboarding.schema';
import { onboardingRedirect } from '../../src/app/guards';
import { getAt, setAt, translateIssue, validate } from '../../src/ui/stepForm';
import { totalBasisPoints } from '../../src/ui/company/ShareholdersFields';
import el from '../../lang/el.json';
import { rejectedState, savedSteps } from '../model/onboarding.paths';

const en = createIntl({ locale: 'en', messages: {} });
const greek = createIntl({ locale: 'el', messages: el });

describe('onboarding: where the journey opens', () => {
  it('opens the step in the address when it is one', () => {
    expect(firstStep(rejectedState, 'directors')).toBe('directors');
    expect(firstStep(rejectedState, 'review')).toBe('review');
  });

  it('otherwise opens the first incomplete step, or the review when all are complete', () => {
    expect(firstStep(rejectedState, undefined)).toBe('review');
    expect(firstStep(rejectedState, 'nonsense')).toBe('review');
    expect(firstStep({ ...rejectedState, completed_steps: ['representative'] }, undefined)).toBe('company');
    expect(firstStep({ ...rejectedState, completed_steps: [] }, undefined)).toBe('representative');
  });
});

describe('onboarding: the guard sends merchants that are not approved to their onboarding', () => {
  it.each([
    ['approved', null],
    ['in_review', '/information-submitted'],
    ['onboarding', '/registration'],
    ['rejected', '/registration'],
  ] as const)('%s → %s', (status, target) => {
    expect(onboardingRedirect(status)).toBe(target);
  });
});

describe('onboarding forms', () => {
  it('edit nested values by dotted path without touching the original', () => {
    const values = { directors: [{ home_address: { city: 'Athens' } }] };
    const next = setAt(values, 'directors.0.home_address.city', 'Patras');
    expect(getAt(next, 'directors.0.home_address.city')).toBe('Patras');
    expect(values.directors[0]!.home_address.city).toBe('Athens');
  });

  it('validate with the server schema and word the SPEC §5 messages in both languages', () => {
    const errors = validate(en, RepresentativeStep, {
      ...savedSteps.representative,
      first_name: 'Ελένη',
      last_name: 'x'.repeat(51),
      citizenship: '',
    });
    expect(errors).toEqual({
      first_name: 'Only Latin characters allowed; special characters not allowed.',
      last_name: 'Max 50 characters',
      citizenship: 'Choose a country from the list.',
    });
    expect(translateIssue(greek, 'Max 50 characters.')).toBe('Έως 50 χαρακτήρες');
    expect(translateIssue(greek, 'Invalid format.')).toBe('Μη έγκυρη μορφή');
  });

  it('accept the saved company as the form shows it, and refuse a VAT number of the wrong format', () => {
    const company = {
      ...savedSteps.company,
      commercial_name: '',
      website_url: '',
      registered_address: { ...savedSteps.company.registered_address, line2: '' },
    };
    expect(validate(en, CompanyStep, company)).toEqual({});
    expect(validate(en, CompanyStep, { ...company, vat_number: '12345' })).toEqual({
      vat_number: 'Invalid format',
    });
  });

  it('add up declared ownership in basis points, ignoring malformed entries', () => {
    expect(totalBasisPoints(['60', '40.01'])).toBe(10_001);
    expect(totalBasisPoints(['33.33', '33.33', '33.34'])).toBe(10_000);
    expect(totalBasisPoints(['abc', '50'])).toBe(5_000);
  });
});

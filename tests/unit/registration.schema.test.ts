import { describe, expect, it } from 'vitest';
import {
  CompanyName,
  normalizePhone,
  PersonName,
  RegisterBody,
  StartRegistrationBody,
} from '../../schemas/registration.schema';

describe('normalizePhone (the per-country rule table)', () => {
  it.each([
    ['6912345678', '+306912345678'],
    ['691 234 5678', '+306912345678'],
    ['(691) 234-5678', '+306912345678'],
    ['+30 691 234 5678', '+306912345678'],
    ['0030 6912345678', '+306912345678'],
    ['+357 96 123456', '+35796123456'],
    ['+44 7700 900123', '+447700900123'],
  ])('reads %s as %s', (typed, e164) => {
    expect(normalizePhone(typed)).toBe(e164);
  });

  it.each([
    ['', 'empty'],
    ['2101234567', 'a Greek landline (codes come by SMS)'],
    ['+302101234567', 'a Greek landline in E.164'],
    ['691234567', 'a digit short'],
    ['69123456789', 'a digit long'],
    ['+35722123456', 'a Cypriot landline'],
    ['+0123456789', 'no country starts with 0'],
    ['+1234', 'too short for E.164'],
    ['69-ABC-45678', 'letters'],
    ['+3069123456789012345', 'too long'],
  ])('refuses %s (%s)', (typed) => {
    expect(normalizePhone(typed)).toBeNull();
  });
});

describe('registration names (SPEC §5: Latin only, Max {n} characters)', () => {
  it('accepts Latin names with accents, hyphens and apostrophes, trimmed', () => {
    expect(PersonName.parse('  Zoë ')).toBe('Zoë');
    expect(PersonName.parse("O'Brien-Smith")).toBe("O'Brien-Smith");
    expect(CompanyName.parse('Olive & Grove Trading (Hellas) I.K.E.')).toBe(
      'Olive & Grove Trading (Hellas) I.K.E.',
    );
  });

  it('refuses Greek letters, symbols, blanks and overlong values with a clear message', () => {
    expect(PersonName.safeParse('Ελένη').error?.issues[0]?.message).toBe('Only Latin characters allowed.');
    expect(PersonName.safeParse('Eleni!').success).toBe(false);
    expect(PersonName.safeParse('   ').error?.issues[0]?.message).toBe('This field is required.');
    expect(PersonName.safeParse('E'.repeat(51)).error?.issues[0]?.message).toBe('Max 50 characters');
    expect(CompanyName.safeParse('A'.repeat(101)).error?.issues[0]?.message).toBe('Max 100 characters');
    expect(CompanyName.safeParse('Ελιά ΙΚΕ').success).toBe(false);
    expect(CompanyName.safeParse('Acme <b>').success).toBe(false);
  });
});

describe('API bodies', () => {
  it('normalises the contact of a new registration', () => {
    expect(StartRegistrationBody.parse({ email: ' Eleni@Example.TEST ', phone: '691 234 5678' })).toEqual({
      email: 'eleni@example.test',
      phone: '+306912345678',
    });
  });

  it('needs both acceptances to be exactly true', () => {
    const base = {
      registration_id: '5f0c2b1e-7a41-4c1b-9d3e-2a6b8c0d4e10',
      password: 'x',
      password_confirmation: 'x',
      accept_terms: true,
      accept_privacy: true,
      altcha: 'payload',
    };
    expect(RegisterBody.safeParse(base).success).toBe(true);
    expect(RegisterBody.safeParse({ ...base, accept_terms: false }).success).toBe(false);
    expect(RegisterBody.safeParse({ ...base, accept_privacy: 'true' }).success).toBe(false);
  });
});

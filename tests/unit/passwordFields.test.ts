import { describe, expect, it } from 'vitest';
import { passwordPolicy } from '../../schemas/password.schema';
import { isPasswordPairAcceptable, passwordPairStatus, policyRules } from '../../src/ui/PasswordFields';

describe('the new-password pair (PasswordFields)', () => {
  it('accepts a policy-conforming password typed twice', () => {
    expect(passwordPairStatus('correct horse battery', 'correct horse battery')).toEqual({
      problems: [],
      mismatch: false,
      acceptable: true,
    });
    expect(isPasswordPairAcceptable('correct horse battery', 'correct horse battery')).toBe(true);
  });

  it('refuses a mismatched confirmation even when the password is good', () => {
    const status = passwordPairStatus('correct horse battery', 'correct horse batter');
    expect(status.mismatch).toBe(true);
    expect(status.acceptable).toBe(false);
  });

  it('refuses short, long and common passwords even when both fields agree', () => {
    expect(passwordPairStatus('short', 'short').problems).toEqual(['too_short']);
    const long = 'x'.repeat(passwordPolicy.maxLength + 1);
    expect(passwordPairStatus(long, long).problems).toEqual(['too_long']);
    expect(passwordPairStatus('Password123', 'Password123').problems).toEqual(['too_common']);
    expect(isPasswordPairAcceptable('', '')).toBe(false);
  });

  it('refuses a password containing the email name when the email is known', () => {
    expect(isPasswordPairAcceptable('maria.k-2026!', 'maria.k-2026!', { email: 'maria.k@example.com' })).toBe(
      false,
    );
    expect(isPasswordPairAcceptable('maria.k-2026!', 'maria.k-2026!')).toBe(true);
  });

  it('lists composition rules only when the policy turns them on', () => {
    expect(policyRules()).toEqual(['too_short', 'too_long', 'too_common']);
    expect(
      policyRules({ ...passwordPolicy, requireNumbers: true, requireSymbols: true }, { email: 'a@b.c' }),
    ).toEqual(['too_short', 'too_long', 'needs_number', 'needs_symbol', 'too_common', 'contains_email']);
    expect(
      isPasswordPairAcceptable(
        'nodigitshere',
        'nodigitshere',
        {},
        { ...passwordPolicy, requireNumbers: true },
      ),
    ).toBe(false);
  });
});

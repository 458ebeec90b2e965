import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PasswordFields } from '../../src/ui/PasswordFields';
import { renderPart } from './harness';

// The shared new-password form part (src/ui/PasswordFields.tsx) in jsdom: live checklist, mismatch, wiring.

function Form({ email, showErrors = false }: { email?: string; showErrors?: boolean }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return (
    <PasswordFields
      password={password}
      confirmation={confirmation}
      onPasswordChange={setPassword}
      onConfirmationChange={setConfirmation}
      showErrors={showErrors}
      {...(email ? { email } : {})}
    />
  );
}

const rule = (text: string) => screen.getByText(text).closest('li');

describe('PasswordFields', () => {
  it('ticks the policy rules while the user types and ties the checklist to the input', async () => {
    const user = userEvent.setup();
    renderPart(<Form email="maria@example.com" />);
    const password = screen.getByLabelText('New password');
    const checklist = rule('At least 8 characters')?.closest('ul');
    expect(password.getAttribute('aria-describedby')).toContain(checklist?.id);
    expect(rule('At least 8 characters')?.dataset.met).toBe('false');

    await user.type(password, 'password');
    expect(rule('At least 8 characters')?.dataset.met).toBe('true');
    expect(rule('Not a commonly used password')?.dataset.met).toBe('false');

    await user.type(password, '-maria');
    expect(rule('Not a commonly used password')?.dataset.met).toBe('true');
    expect(rule('Does not contain your email name')?.dataset.met).toBe('false');
    expect(rule('No more than 128 characters')?.dataset.met).toBe('true');
  });

  it('says "Passwords do not match" on the confirmation, announced with it', async () => {
    const user = userEvent.setup();
    renderPart(<Form />);
    await user.type(screen.getByLabelText('New password'), 'correct horse battery');
    const confirmation = screen.getByLabelText('Confirm new password');
    await user.type(confirmation, 'correct horse');
    await user.tab();
    const error = screen.getByText('Passwords do not match');
    expect(confirmation.getAttribute('aria-invalid')).toBe('true');
    expect(confirmation.getAttribute('aria-describedby')).toContain(error.id);

    await user.type(confirmation, ' battery');
    expect(screen.queryByText('Passwords do not match')).toBeNull();
  });

  it('shows every error at once after a submit attempt', () => {
    renderPart(<Form showErrors />);
    expect(screen.getByText('Choose a password that meets every rule below.')).toBeTruthy();
    expect(screen.queryByText('Passwords do not match')).toBeNull();
    expect(screen.queryByText('Enter the password again.')).toBeNull();
  });
});

import { screen } from '@testing-library/react';
import { Route } from 'react-router';
import { createActor } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { passwordLinkMachine } from '../../machines/passwordLink.machine';
import { DoneStep } from '../../src/screens/password/PasswordSteps';
import { loadToastLibrary } from '../../src/ui/notify';
import { renderScreen } from './harness';

// SPEC §8 "password changed": the end of a password reset says so in a toast as well as on the page.

afterEach(async () => {
  (await loadToastLibrary()).toast.remove();
});

function renderDone(purpose: 'reset' | 'create') {
  const journey = createActor(passwordLinkMachine, { input: { purpose } });
  renderScreen({
    path: '/reset_password/',
    shell: false,
    routes: <Route path="/reset_password/" element={<DoneStep journey={journey} purpose={purpose} />} />,
  });
}

describe('password reset: done', () => {
  it('shows "Password changed" as a toast after a reset', async () => {
    renderDone('reset');
    await screen.findByText('Your password has been changed');
    expect((await screen.findByRole('status')).textContent).toContain('Password changed');
  });

  it('shows no toast after a first password (nothing was changed)', async () => {
    renderDone('create');
    await screen.findByText('Your password is ready');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.queryByText('Password changed')).toBeNull();
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import { identityVerificationMachine } from '../../machines/identityVerification.machine';
import { oneTimeCodeMachine, type CodeSent, type SendCodeInput } from '../../machines/oneTimeCode.machine';
import { IdentityVerificationScreen } from '../../src/screens/kyc/IdentityVerificationScreen';
import { loadToastLibrary } from '../../src/ui/notify';
import { renderScreen } from './harness';
import { identityVerificationFixtures, methodButton, stepUpMethods } from './identityVerification.paths';

// SPEC §8 "OTP sent to email": the identity verification's step-up code, once sent, is confirmed by a toast.

afterEach(async () => {
  // Toasts live in the library's own store: none may outlive its test.
  (await loadToastLibrary()).toast.remove();
});

function renderKyc(sendCode: (input: SendCodeInput) => Promise<CodeSent>) {
  const logic = identityVerificationMachine.provide({
    actors: {
      loadCriteria: fromPromise(async () => identityVerificationFixtures.actors.loadCriteria.done.output),
      loadStepUpMethods: fromPromise(async () => ({ available_methods: stepUpMethods })),
      oneTimeCode: oneTimeCodeMachine.provide({
        actors: { sendCode: fromPromise(async ({ input }: { input: SendCodeInput }) => sendCode(input)) },
      }),
    },
  });
  // The screen without the route part that keeps its step in the address: shown wherever the address goes.
  renderScreen({
    path: '/identity-verification/',
    shell: false,
    routes: <Route path="*" element={<IdentityVerificationScreen logic={logic} />} />,
  });
}

const sent = (method: CodeSent['method']): CodeSent => ({
  method,
  destination: stepUpMethods.find((option) => option.method === method)?.destination ?? '',
  expires_in: 300,
  resend_in: 30,
});

describe('identity verification: the one-time code toast', () => {
  it('says "One-time code sent to your email" once the code is on its way', async () => {
    const user = userEvent.setup({ delay: null });
    renderKyc(async ({ method }) => sent(method));
    const email = stepUpMethods[0];
    if (!email) throw new Error('no email method');
    await user.click(await screen.findByRole('button', { name: methodButton(email) }));
    expect((await screen.findByRole('status')).textContent).toContain('One-time code sent to your email');
    await screen.findByLabelText('One-time code');
  });

  it('says "sent by SMS" for SMS, and nothing when sending fails', async () => {
    const user = userEvent.setup({ delay: null });
    const failure: ApiFailure = { kind: 'network' };
    let calls = 0;
    renderKyc(async ({ method }) => {
      calls += 1;
      if (calls === 1) throw failure;
      return sent(method);
    });
    const sms = stepUpMethods[1];
    if (!sms) throw new Error('no sms method');
    await user.click(await screen.findByRole('button', { name: methodButton(sms) }));
    await waitFor(() => expect(calls).toBe(1));
    await screen.findByRole('alert');
    expect(screen.queryByText(/One-time code sent/)).toBeNull();

    await user.click(screen.getByRole('button', { name: methodButton(sms) }));
    expect((await screen.findByRole('status')).textContent).toContain('One-time code sent by SMS');
  });
});

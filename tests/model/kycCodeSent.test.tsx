import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { fromPromise } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import { identityVerificationMachine } from '../../machines/identityVerification.machine';
import { oneTimeCodeMachine, type CodeSent, type SendCodeInput } from '../../machines/oneTimeCode.machine';
import { AppProviders } from '../../src/app/AppProviders';
import { IdentityVerificationScreen } from '../../src/screens/kyc/IdentityVerificationScreen';
import { loadToastLibrary } from '../../src/ui/notify';
import { InstantBotCheck, signedInSession } from './harness';
import { identityVerificationFixtures, methodButton, stepUpMethods } from './identityVerification.paths';
import { demoSession } from './paths';

// SPEC §8 "OTP sent to email": the identity verification's step-up code, once sent, is confirmed by a toast.

let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  stop = undefined;
  // Toasts live in the library's own store: none may outlive its test.
  (await loadToastLibrary()).toast.remove();
});

function renderKyc(sendCode: (input: SendCodeInput) => Promise<CodeSent>) {
  const signedIn = signedInSession(demoSession);
  stop = signedIn.stop;
  const logic = identityVerificationMachine.provide({
    actors: {
      loadCriteria: fromPromise(async () => identityVerificationFixtures.actors.loadCriteria.done.output),
      loadStepUpMethods: fromPromise(async () => ({ available_methods: stepUpMethods })),
      oneTimeCode: oneTimeCodeMachine.provide({
        actors: { sendCode: fromPromise(async ({ input }: { input: SendCodeInput }) => sendCode(input)) },
      }),
    },
  });
  render(
    <MemoryRouter initialEntries={['/identity-verification/']}>
      <AppProviders session={signedIn.session} botCheck={InstantBotCheck} locale="en">
        <IdentityVerificationScreen logic={logic} />
      </AppProviders>
    </MemoryRouter>,
  );
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

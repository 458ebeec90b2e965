import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import {
  oneTimeCodeMachine,
  selectCodeDestination,
  type CodeGrant,
  type CodeSent,
  type SendCodeInput,
  type VerifyCodeInput,
} from '../../machines/oneTimeCode.machine';

// A reload of a code step (registration's email code): the code sent moments ago still works, so the server refuses
// another (429 otp_cooldown). The step must show the code form still saying where the code went.

describe('a code step reloaded while its code is still valid', () => {
  it('shows the code form with "We sent a code to …" and the wait the server gave', async () => {
    const cooldown: ApiFailure = {
      kind: 'http',
      status: 429,
      code: 'otp_cooldown',
      message: 'A code was sent moments ago.',
      retryAfterSeconds: 42,
    };
    const actor = createActor(
      oneTimeCodeMachine.provide({
        actors: {
          sendCode: fromPromise<CodeSent, SendCodeInput>(async () => {
            throw cooldown;
          }),
          verifyCode: fromPromise<CodeGrant, VerifyCodeInput>(async () => {
            throw new Error('not in this test');
          }),
        },
      }),
      {
        input: {
          purpose: 'registration',
          registrationId: '00000000-0000-4000-8000-0000000000d1',
          channel: 'email',
          methods: [{ method: 'email', destination: 'dora@example.test' }],
          chosen: 'email',
        },
      },
    );
    actor.start();
    const snapshot = await waitFor(actor, (s) => s.matches('awaitingCode'));
    expect(selectCodeDestination(snapshot)).toBe('dora@example.test');
    expect(snapshot.context.resendIn).toBe(42);
    expect(snapshot.context.error).toBeNull();
  });
});

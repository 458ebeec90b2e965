import { screen } from '@testing-library/react';
import type { OneTimeCodeOutput } from '../../machines/oneTimeCode.machine';
import type { RenderedApp } from './harness';
import { codeMethodButton, codeMethods, codeResendSeconds, codeTexts } from './oneTimeCode.paths';

/**
 * A journey's oneTimeCode child, driven through its screen part (src/ui/OneTimeCodeStep.tsx) as the user would: for a
 * grant, choose email, type the code and let the server grant `output.stepUpToken`; for null, cancel.
 */
export async function finishCodeStep(app: RenderedApp, output: OneTimeCodeOutput): Promise<void> {
  const click = (name: string) => app.user.click(screen.getByRole('button', { name }));
  await screen.findByRole('heading', { level: 1, name: codeTexts.methodTitle });
  if (output === null) {
    await click(codeTexts.cancel);
    return;
  }
  const email = codeMethods[0];
  await click(codeMethodButton(email));
  await app.effects.settle('startStepUp', {
    output: {
      method: 'email',
      destination: email.destination,
      expires_in: 300,
      resend_in: codeResendSeconds,
    },
  });
  await screen.findByRole('heading', { level: 1, name: codeTexts.codeTitle });
  await app.user.type(screen.getByLabelText('One-time code'), '246810');
  await click(codeTexts.verify);
  await app.effects.settle('verifyStepUp', {
    output: { step_up_token: output.stepUpToken, expires_in: 300 },
  });
}

import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import type { CodeSent, OneTimeCodeOutput } from '../../machines/oneTimeCode.machine';
import type { RenderedApp } from './harness';
import { codeMethodButton, codeMethods, codeResendSeconds, codeTexts } from './oneTimeCode.paths';

/** How a journey shows its oneTimeCode child: the words of src/ui/OneTimeCodeStep.tsx where the journey has its own. */
export type CodeStepScreen = {
  /** The method to click, or null when the journey chose it (the code goes out at once, on the code form). */
  methodButton: string | null;
  /** The heading the step opens with. */
  firstHeading: string;
  codeHeading: string;
  codeLabel: string;
  cancel: string;
  /** The send answer. */
  sent: CodeSent;
  /** Checks of the journey's own once the code form is up (the address, say). */
  onCodeForm?: () => void | Promise<void>;
  /** Where a refusal comes from: asking for the code (the default), or checking it. */
  refusedAt?: (failure: ApiFailure) => 'send' | 'verify';
};

/** A step-up (ADR 006) as every step-up journey shows it: choose email, the default words. */
export const stepUpCodeScreen: CodeStepScreen = {
  methodButton: codeMethodButton(codeMethods[0]),
  firstHeading: codeTexts.methodTitle,
  codeHeading: codeTexts.codeTitle,
  codeLabel: 'One-time code',
  cancel: codeTexts.cancel,
  sent: {
    method: 'email',
    destination: codeMethods[0].destination,
    expires_in: 300,
    resend_in: codeResendSeconds,
  },
};

/**
 * A journey's oneTimeCode child, driven through its screen part (src/ui/OneTimeCodeStep.tsx) as the user would, to
 * the output the journey's model asks for: a grant (choose the method unless the journey chose it, type the code,
 * the server grants `output`); a refusal (the server refuses the request when asked for the code, or when checking
 * it); null (cancel,
 * once a code the journey sends at once is on its way).
 */
export async function finishCodeStep(
  app: RenderedApp,
  output: OneTimeCodeOutput,
  how: CodeStepScreen = stepUpCodeScreen,
): Promise<void> {
  const click = (name: string) => app.user.click(screen.getByRole('button', { name }));
  await screen.findByRole('heading', { level: 1, name: how.firstHeading });
  if (output === null) {
    // A code the journey sends at once is on its way first; Cancel waits for it.
    if (!how.methodButton) await app.effects.settle('sendCode', { output: how.sent });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: how.cancel })).toHaveProperty('disabled', false),
    );
    await click(how.cancel);
    return;
  }
  if (how.methodButton) await click(how.methodButton);
  const refusal = 'refused' in output ? output.refused : null;
  if (refusal && (how.refusedAt?.(refusal) ?? 'send') === 'send') {
    await app.effects.settle('sendCode', { error: refusal });
    return;
  }
  await app.effects.settle('sendCode', { output: how.sent });
  await screen.findByRole('heading', { level: 1, name: how.codeHeading });
  if (how.onCodeForm) await waitFor(how.onCodeForm);
  await app.user.type(screen.getByLabelText(how.codeLabel), '246810');
  await click(codeTexts.verify);
  await app.effects.settle('verifyCode', refusal ? { error: refusal } : { output });
}

import type { ApiFailure } from '../../machines/apiFailure';
import {
  removeMfaMethodMachine,
  selectRemoveMfaMethodStep,
  type RemoveMfaMethodError,
  type RemoveMfaMethodSnapshot,
} from '../../machines/removeMfaMethod.machine';
import type { SecuritySettings } from '../../schemas/settings.schema';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';
import { codeMethodButton, codeMethods, codeTexts } from './oneTimeCode.paths';

/*
 * The test model of removing a second-factor method (machines/removeMfaMethod.machine.ts), run on the real journey
 * by removeMfaMethod.model.test.tsx: Dora Demou removes "Code by SMS", confirms with a one-time code and is back on
 * the security page with the method gone.
 */

export const removeSecurityPath = '/settings/security';

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const removeTexts = {
  title: 'Remove Code by SMS?',
  confirm: 'Remove',
  keep: 'Keep it',
  failedTitle: 'Nothing was removed',
  retry: 'Try again',
  back: 'Back to security',
  removedToast: 'Method removed',
  /** The host page after the journey ends (the security page in the app). */
  endedHeading: 'Security',
};

export const afterRemoval: SecuritySettings = {
  methods: [{ method: 'email', destination: 'd***@tameio.test', is_default: true }],
  can_add: ['sms', 'totp'],
};

export const removeMfaMethodFixtures = {
  events: {
    'remove.confirm': [{ event: { type: 'remove.confirm' }, does: 'Click "Remove" (or "Try again")' }],
    'remove.cancel': [{ event: { type: 'remove.cancel' }, does: 'Click "Keep it" (or "Back to security")' }],
  },
  actors: {
    loadStepUpMethods: {
      done: { output: [...codeMethods], says: 'Server says a code can go by email or SMS' },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    oneTimeCode: {
      done: {
        output: { stepUpToken: 'grant-1' },
        says: `Choose "${codeMethodButton(codeMethods[0])}", type the emailed code 246810, click "Verify" (the server grants the change)`,
        effect:
          'the code is spent (otp_codes.consumed_at) and a step-up grant for mfa_change is stored (step_up_grants).',
      },
      alsoDone: [{ output: null, says: 'Click "Cancel" on "Confirm it is you"' }],
      errors: [],
    },
    removeMfaMethod: {
      done: {
        output: afterRemoval,
        says: 'Server turns SMS codes off and answers the remaining methods',
        effect:
          'the step-up grant is used up (step_up_grants.consumed_at) and SMS codes are turned off for Dora Demou ' +
          '(users.mfa_sms_enabled false; no longer the default method if it was): the next sign-in offers email ' +
          'only.',
      },
      errors: [
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code first.'),
          says: 'Server answers 403 step_up_required (the grant expired)',
        },
        {
          failure: http(409, 'last_mfa_method', 'Keep at least one way to confirm that it is you.'),
          says: 'Server answers 409 last_mfa_method (the other method was removed in another tab)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof removeMfaMethodMachine>;

export function removeMfaMethodErrorText(error: RemoveMfaMethodError): string {
  switch (error) {
    case 'last_mfa_method':
      return 'This is your only method: add another before removing it.';
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function removeMfaMethodScreen(snapshot: RemoveMfaMethodSnapshot): ScreenExpectation {
  const t = removeTexts;
  const { error } = snapshot.context;
  const alert = error ? removeMfaMethodErrorText(error) : null;
  const path = removeSecurityPath;
  switch (selectRemoveMfaMethodStep(snapshot)) {
    case 'confirm':
      return { path, heading: t.title, alert, enabled: [t.confirm, t.keep] };
    case 'loading':
      return { path, heading: null };
    case 'code':
      return {
        path,
        heading: codeTexts.methodTitle,
        alert,
        enabled: [...codeMethods.map((option) => codeMethodButton(option)), codeTexts.cancel],
      };
    case 'failed':
      return { path, heading: t.failedTitle, alert, enabled: [t.retry, t.back] };
    case 'removed':
      return { path, heading: t.endedHeading, alert: null, toast: t.removedToast };
    case 'cancelled':
      return { path, heading: t.endedHeading, alert: null };
  }
}

function removeMfaMethodWords(step: ModelPath<RemoveMfaMethodSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      return action.event.type === 'remove.confirm' ? 'remove SMS' : 'keep SMS';
    case 'actorError':
      return failureWords(action, action.src === 'removeMfaMethod' ? 'the removal' : 'the code methods');
    case 'actorDone':
      if (action.src !== 'oneTimeCode') return null;
      return action.output ? 'a one-time code' : 'cancel the code';
    default:
      return null;
  }
}

/** Remove a second factor: confirmed or kept, the code, the server's refusals, then removed or where it stops. */
export function removeMfaMethodTitle(path: ModelPath<RemoveMfaMethodSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const step = selectRemoveMfaMethodStep(last);
  const end =
    step === 'removed'
      ? 'SMS codes removed'
      : step === 'cancelled'
        ? 'SMS codes kept'
        : screenEnd(removeMfaMethodScreen(last), last.hasTag('busy'));
  return pathTitle(path, removeMfaMethodWords, end);
}

export const removeMfaMethodModel: Model<typeof removeMfaMethodMachine> = {
  name: 'removeMfaMethod',
  machine: removeMfaMethodMachine,
  file: 'removeMfaMethod.machine.ts',
  start: `Signed in as Dora Demou (owner of Demo Coffee), open ${removeSecurityPath} and click "Remove: Code by SMS"`,
  input: { method: 'sms' },
  fixtures: removeMfaMethodFixtures,
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({ value, error: context.error });
  },
  bounds: { maxDepth: 10, simplePerState: 1, maxSimple: 4 },
  screen: removeMfaMethodScreen,
  title: removeMfaMethodTitle,
};

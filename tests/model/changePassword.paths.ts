import type { ApiFailure } from '../../machines/apiFailure';
import {
  changePasswordMachine,
  selectChangePasswordStep,
  type ChangePasswordError,
  type ChangePasswordSnapshot,
} from '../../machines/changePassword.machine';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { codeMethodButton, codeMethods, codeTexts } from './oneTimeCode.paths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';

/*
 * The test model of changing the password (machines/changePassword.machine.ts), run on the real journey at
 * /settings/security by changePassword.model.test.tsx: Dora Demou types her current password and a new one twice,
 * keeps "Sign out of every other session" ticked, confirms with a one-time code and sees "Password changed".
 */

export const securityPath = '/settings/security';
export const currentPassword = 'Demo-Merchant-2026!';
export const newPassword = 'Fresh-Ledger-Pass-77';

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const passwordTexts = {
  title: 'Change password',
  retry: 'Try again',
  current: 'Current password',
  password: 'New password',
  confirmation: 'Confirm new password',
  submit: 'Continue',
  changedTitle: 'Your password has been changed',
  changedToast: 'Password changed',
};

export const changePasswordFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'password.submit': [
      {
        event: {
          type: 'password.submit',
          currentPassword,
          password: newPassword,
          passwordConfirmation: newPassword,
          signOutOthers: true,
        },
        does: `Type the current password, "${newPassword}" as New password and again to confirm, keep "Sign out of every other session" ticked, click "Continue"`,
      },
    ],
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
          'the code is spent (otp_codes.consumed_at) and a step-up grant for password_change is stored ' +
          '(step_up_grants); nothing about the password changes yet.',
      },
      alsoDone: [{ output: null, says: 'Click "Cancel" on "Confirm it is you"' }],
      errors: [],
    },
    changePassword: {
      done: {
        output: undefined,
        says: 'Server changes the password and signs out the other sessions',
        effect:
          'the step-up grant is used up (step_up_grants.consumed_at), the new password’s hash stored ' +
          '(users.password_hash) and sign_in_audit records password_changed; with “Sign out of every other session” ' +
          'ticked, every other session of Dora Demou ends (sessions.revoked_reason password_changed) while this ' +
          'one stays signed in.',
      },
      errors: [
        {
          failure: http(403, 'step_up_required', 'Confirm with a one-time code first.'),
          says: 'Server answers 403 step_up_required (the grant expired)',
        },
        {
          failure: http(400, 'invalid_current_password', 'The current password is not correct.', {
            fields: { current_password: 'invalid_current_password' },
          }),
          says: 'Server answers 400 invalid_current_password',
          does: `Type "Wrong-Password-1" as Current password, "${newPassword}" as New password and again to confirm, click "Continue"`,
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof changePasswordMachine>;

export function changePasswordErrorText(error: ChangePasswordError): string {
  switch (error) {
    case 'invalid_current_password':
      return 'Your current password is not correct.';
    case 'validation_failed':
      return 'The new password was not accepted. Check the rules and try again.';
    case 'step_up_required':
      return 'Your confirmation has expired. Confirm it is you with a new one-time code.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

function changePasswordScreen(snapshot: ChangePasswordSnapshot): ScreenExpectation {
  const t = passwordTexts;
  const busy = snapshot.hasTag('busy');
  const { error } = snapshot.context;
  const alert = error ? changePasswordErrorText(error) : null;
  const path = securityPath;
  switch (selectChangePasswordStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.title, alert, enabled: [t.retry] };
    case 'form':
      return {
        path,
        heading: t.title,
        alert,
        ...(busy ? { disabled: [t.submit] } : { enabled: [t.submit] }),
      };
    case 'code':
      // The child starts afresh at the method choice each time the parent enters this state.
      return {
        path,
        heading: codeTexts.methodTitle,
        alert,
        enabled: [...codeMethods.map((option) => codeMethodButton(option)), codeTexts.cancel],
      };
    case 'changed':
      return { path, heading: t.changedTitle, alert: null, toast: t.changedToast };
  }
}

function changePasswordWords(step: ModelPath<ChangePasswordSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      return action.event.type === 'load.retry' ? 'load the password change again' : null;
    case 'actorError':
      return failureWords(action, action.src === 'changePassword' ? 'the change' : 'the code methods');
    case 'actorDone':
      if (action.src !== 'oneTimeCode') return null;
      return action.output ? 'a one-time code' : 'cancel the code';
    default:
      return null;
  }
}

/** Change password: the code, the server's refusals, then changed or where it stops. */
export function changePasswordTitle(path: ModelPath<ChangePasswordSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const end =
    selectChangePasswordStep(last) === 'changed'
      ? 'password changed, other sessions ended'
      : screenEnd(changePasswordScreen(last), last.hasTag('busy'));
  return pathTitle(path, changePasswordWords, end);
}

export const changePasswordModel: Model<typeof changePasswordMachine> = {
  name: 'changePassword',
  machine: changePasswordMachine,
  file: 'changePassword.machine.ts',
  start: `Signed in as Dora Demou (owner of Demo Coffee), open ${securityPath} and click "Change password"`,
  fixtures: changePasswordFixtures,
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({ value, error: context.error });
  },
  bounds: { maxDepth: 10, simplePerState: 1, maxSimple: 4 },
  screen: changePasswordScreen,
  title: changePasswordTitle,
};

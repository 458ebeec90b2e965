import type { ApiFailure } from '../../machines/apiFailure';
import {
  invitationMachine,
  selectInvitationStep,
  type ClosedState,
  type InvitationError,
  type InvitationSnapshot,
} from '../../machines/invitation.machine';
import type { AcceptInvitationResponse, InvitationPreview } from '../../schemas/employees.schema';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';
import { loginErrorText } from './paths';

/*
 * The test model of accepting an invitation (machines/invitation.machine.ts), run on the real screens at
 * /merchant-invitation/:key/accept and /invitation/success by invitation.model.test.tsx: Nikos Pappas, invited by
 * Demo Coffee as a viewer, keeps his names, chooses email or SMS for his codes, sets a password and joins (with SMS,
 * after proving the phone: the oneTimeCode child, whose check is the acceptance; its own paths are the oneTimeCode
 * model's); with the unknown, used, cancelled and expired links, and the server's refusals the screens word
 * differently.
 */

/** 256 random bits, base64url (schemas/employees.schema.ts `InvitationKeyParams`). */
export const invitationKey = 'q3Jd8sKx0m9VbT2nR7wYcL5pA1eZ4uHg6fXoN3iWkQs';
export const invitationPath = `/merchant-invitation/${invitationKey}/accept`;
export const successPath = '/invitation/success';

export const invitee = {
  email: 'nikos@demo-coffee.test',
  first_name: 'Nikos',
  last_name: 'Pappas',
  phone: '+306912345678',
  code: '246810',
  password: 'Harbour-Lantern-Join-7',
};

export const preview = {
  merchant_name: 'Demo Coffee',
  email: invitee.email,
  first_name: invitee.first_name,
  last_name: invitee.last_name,
  role: 'viewer',
  access_level: 'company',
  expires_at: '2026-01-18T09:00:00.000Z',
} satisfies InvitationPreview;

export const joined = {
  merchant_name: 'Demo Coffee',
  email: invitee.email,
  role: 'viewer',
} satisfies AcceptInvitationResponse;

export const resendSeconds = 30;

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

const closed = (state: ClosedState) =>
  http(410, 'invitation_unavailable', `This invitation was ${state}.`, { details: { state } });
/** The acceptance refuses the password (SPEC §5 policy, checked again by the server). */
export const passwordRefused = http(400, 'validation_failed', 'Invalid body.', {
  fields: { password: 'Choose a less common password.' },
});
/** Sending the code refuses the phone. */
export const phoneRefused = http(400, 'validation_failed', 'Invalid body.', {
  fields: { phone: 'Not a mobile number.' },
});

export const invitationFixtures = {
  events: {
    'invitation.opened': [
      {
        event: { type: 'invitation.opened', key: invitationKey },
        does: 'The page reads the key from the address and looks the invitation up',
        auto: (context) => context.key === '',
      },
    ],
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'details.submit': [
      {
        event: { type: 'details.submit', names: { first_name: 'Nikos', last_name: 'Pappas' } },
        does: 'Keep "Nikos" as First name and "Pappas" as Last name, click "Continue"',
      },
    ],
    'details.edit': [{ event: { type: 'details.edit' }, does: 'Click "Back"' }],
    'factor.chosen': [
      {
        event: { type: 'factor.chosen', method: 'email' },
        does: `Click "Email to ${invitee.email}"`,
      },
      { event: { type: 'factor.chosen', method: 'sms' }, does: 'Click "SMS to my mobile phone"' },
    ],
    'factor.change': [{ event: { type: 'factor.change' }, does: 'Click "Back"' }],
    'phone.submit': [
      {
        event: { type: 'phone.submit', phone: invitee.phone },
        does: 'Type 6912345678 as Mobile phone, click "Send code"',
      },
    ],
    'password.submit': [
      {
        event: { type: 'password.submit', password: invitee.password },
        does: 'Type the new password twice (New password, Confirm new password), click "Accept invitation" ("Continue" with SMS codes)',
      },
    ],
  },
  actors: {
    invitationByKey: {
      done: {
        output: preview,
        says: 'Server finds the pending invitation of Demo Coffee (viewer, company access)',
      },
      errors: [
        {
          failure: http(404, 'not_found', 'No such invitation.'),
          says: 'Server answers 404 (no invitation has this key)',
        },
        { failure: closed('accepted'), says: 'Server answers 410 with state accepted (the link was used)' },
        { failure: closed('cancelled'), says: 'Server answers 410 with state cancelled' },
        { failure: closed('expired'), says: 'Server answers 410 with state expired' },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    acceptInvitation: {
      done: {
        output: joined,
        says: 'Server creates the user in Demo Coffee as a viewer and answers 201',
        effect:
          'a user is created in Demo Coffee (users: the invited email, the names typed, the password’s hash, ' +
          'is_owner false, role and access level from the invitation, no phone, invited_by the inviter); the ' +
          'invitation is accepted (invitations.state accepted, accepted_user_id, accepted_at) and sign_in_audit ' +
          'records invitation_accepted; the owners and the inviter are notified. No session is opened: the new user ' +
          'signs in at /login.',
      },
      errors: [
        { failure: passwordRefused, says: 'Server answers 400 validation_failed (the password is refused)' },
        {
          failure: http(409, 'conflict', 'A user already has this email.'),
          says: 'Server answers 409 conflict (an account took the address meanwhile)',
        },
        {
          failure: closed('cancelled'),
          says: 'Server answers 410 with state cancelled (cancelled meanwhile)',
        },
        {
          failure: http(404, 'not_found', 'No such invitation.'),
          says: 'Server answers 404 (the invitation is gone)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    oneTimeCode: {
      done: {
        output: { joined },
        says: `Server sends the code by SMS at once; type ${invitee.code} as Verification code, click "Verify" (the server accepts the invitation with it)`,
        effect:
          'the phone’s code is spent (otp_codes.consumed_at); a user is created in Demo Coffee as for an email ' +
          `factor but with the proven phone ${invitee.phone} (users.phone); the invitation is accepted ` +
          '(invitations.state accepted), sign_in_audit records invitation_accepted and the owners and the inviter are ' +
          'notified. No session is opened.',
      },
      alsoDone: [
        { output: null, says: 'Server sends the code by SMS at once; click "Change number"' },
        {
          output: { refused: phoneRefused },
          says: 'Server refuses to send a code: 400 validation_failed (not a mobile number)',
        },
        {
          output: { refused: closed('expired') },
          says: 'Server refuses to send a code: 410, the invitation expired',
        },
        {
          output: { refused: http(404, 'not_found', 'No such invitation.') },
          says: 'Type the code, click "Verify": the server answers 404 (the invitation is gone)',
        },
        {
          output: { refused: passwordRefused },
          says: 'Type the code, click "Verify": the server answers 400 validation_failed (the password is refused)',
        },
        {
          output: { refused: http(409, 'conflict', 'A user already has this email.') },
          says: 'Type the code, click "Verify": the server answers 409 conflict (an account took the address meanwhile)',
        },
      ],
      errors: [],
    },
  },
  delays: {},
} satisfies Fixtures<typeof invitationMachine>;

// ---------------------------------------------------------------------------------------------------------------
// What the screens show (texts as in lang/en.json).

export const invitationTexts = {
  loadTitle: 'Join your team',
  retry: 'Try again',
  notFound: 'Invitation not found',
  closed: {
    accepted: 'Invitation already accepted',
    cancelled: 'Invitation cancelled',
    expired: 'Invitation expired',
  } satisfies Record<ClosedState, string>,
  detailsTitle: 'Join Demo Coffee on Tameio',
  continue: 'Continue',
  factorTitle: 'Where should we send your sign-in codes?',
  email: `Email to ${invitee.email}`,
  sms: 'SMS to my mobile phone',
  back: 'Back',
  phoneTitle: 'Your mobile phone',
  sendCode: 'Send code',
  codeTitle: 'Confirm your mobile number',
  verify: 'Verify',
  resend: 'Send a new code',
  changePhone: 'Change number',
  passwordTitle: 'Choose a password',
  accept: 'Accept invitation',
  successTitle: 'Welcome to Demo Coffee',
};

export function invitationErrorText(error: InvitationError): string {
  switch (error) {
    case 'validation_failed':
      return 'Some details are not valid. Check them and try again.';
    case 'conflict':
      return 'An account already uses this email address. Sign in instead.';
    default:
      return loginErrorText(error, null);
  }
}

function invitationScreen(snapshot: InvitationSnapshot): ScreenExpectation {
  const t = invitationTexts;
  const busy = snapshot.hasTag('busy');
  const { error, closedState, method } = snapshot.context;
  const alert = error ? invitationErrorText(error) : null;
  const path = invitationPath;
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  switch (selectInvitationStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.loadTitle, alert, enabled: [t.retry] };
    case 'notFound':
      return { path, heading: t.notFound, alert: null, absent: [t.continue] };
    case 'closed':
      return {
        path,
        heading: t.closed[closedState ?? 'expired'],
        alert: null,
        absent: [t.continue, t.accept],
      };
    case 'details':
      return { path, heading: t.detailsTitle, alert, enabled: [t.continue] };
    case 'factor':
      return { path, heading: t.factorTitle, alert, enabled: [t.email, t.sms, t.back] };
    case 'phone':
      return {
        path,
        heading: t.phoneTitle,
        alert,
        ...split([
          [t.sendCode, !busy],
          [t.back, !busy],
        ]),
      };
    case 'code':
      // The oneTimeCode child sends its code at once: the code form, greyed out until the code is on its way.
      return { path, heading: t.codeTitle, alert, disabled: [t.verify, t.resend, t.changePhone] };
    case 'password':
      return {
        path,
        heading: t.passwordTitle,
        alert,
        ...split([
          [method === 'sms' ? t.continue : t.accept, !busy],
          [t.back, !busy],
        ]),
      };
    case 'done':
      return { path: successPath, heading: t.successTitle, alert: null };
  }
}

type InvitationPathStep = ModelPath<InvitationSnapshot>['steps'][number];

function invitationWords(step: InvitationPathStep): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event':
      switch (action.event.type) {
        case 'load.retry':
          return 'load the invitation again';
        case 'details.edit':
        case 'factor.change':
          return 'back';
        case 'factor.chosen':
          return (action.event as unknown as { method: string }).method === 'sms'
            ? 'SMS codes'
            : 'email codes';
        default:
          return null;
      }
    case 'actorError': {
      const { failure } = action;
      const answer = action.src === 'acceptInvitation' ? 'the acceptance' : 'the invitation';
      // A closed invitation says how it closed (details.state): before the form, or meanwhile.
      if (failure.kind === 'http' && failure.status === 410) {
        const state = String((failure.details as { state?: string } | undefined)?.state ?? 'closed');
        return action.src === 'acceptInvitation'
          ? `invitation ${state} meanwhile`
          : `invitation already ${state}`;
      }
      return failureWords(action, answer);
    }
    case 'actorDone': {
      if (action.src !== 'oneTimeCode') return null;
      const output = action.output as { refused?: ApiFailure } | null;
      if (output === null) return 'change the number';
      if (!output.refused) return 'the SMS code';
      const refused = output.refused;
      if (refused.kind !== 'http') return 'no answer to the SMS code';
      if (refused.status === 410) return 'the code refused (invitation expired)';
      const field = refused.fields ? Object.keys(refused.fields)[0] : undefined;
      return `the code refused (${refused.code.replace(/_/g, ' ')}${field ? `: ${field}` : ''})`;
    }
    default:
      return null;
  }
}

/** Accept an invitation: the invitation's state, the factor, the code and the acceptance's answers, then the end. */
export function invitationTitle(path: ModelPath<InvitationSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const end =
    selectInvitationStep(last) === 'done'
      ? 'joined Demo Coffee'
      : screenEnd(invitationScreen(last), last.hasTag('busy'));
  return pathTitle(path, invitationWords, end);
}

export const invitationModel: Model<typeof invitationMachine> = {
  name: 'invitation',
  machine: invitationMachine,
  file: 'invitation.machine.ts',
  start: `Open ${invitationPath} (the link in the invitation email) in a browser where nobody is signed in`,
  fixtures: invitationFixtures,
  // Names, phone and code come from fixtures; what the screen shows and offers depends on these.
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      closed: snapshot.context.closedState,
      method: snapshot.context.method,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 10 },
  screen: invitationScreen,
  title: invitationTitle,
};

import type { ApiFailure } from '../../machines/apiFailure';
import {
  profileChangeMachine,
  selectProfileChangeStep,
  type ProfileChangeError,
  type ProfileChangeEvent,
  type ProfileChangeSnapshot,
} from '../../machines/profileChange.machine';
import type { CompanyProfile, ProfileChange } from '../../schemas/profile.schema';
import {
  failureWords,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

/*
 * The test model of sending legal details to review (machines/profileChange.machine.ts), run on the real page at
 * /profile/company-information by profileChange.model.test.tsx: the company's legal details, editing them, the
 * change pending review, and the refusals the page words differently.
 */

export const companyInformationPath = '/profile/company-information';

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

const address = { country: 'GR', postal_code: '10563', city: 'Athens', line1: 'Ermou 12', line2: null };

export const aegeanProfile = {
  merchant: { id: '00000000-0000-4000-8000-0000000000a1', name: 'Aegean Coffee IKE', status: 'approved' },
  editable: true,
  company: {
    name: 'Aegean Coffee IKE',
    commercial_name: 'Aegean Coffee',
    legal_form: 'ike',
    country_of_registration: 'GR',
    vat_number: '123456783',
    registration_number: '123456701000',
    tic_number: '123456783',
    phone: '+302101234567',
    registered_address: address,
    trading_same_as_registered: true,
    trading_address: null,
    website_url: 'https://aegean-coffee.example',
    industry: 'food_and_beverage',
    size: '2_10',
    annual_turnover: '100k_500k',
  },
  contact_email: 'owner@aegean-coffee.example',
  representative: {
    first_name: 'Eleni',
    last_name: 'Papadopoulou',
    job_title: 'Managing Director',
    date_of_birth: '1985-04-12',
    phone: '+302101234567',
    citizenship: 'GR',
  },
  directors: {
    directors: [
      {
        first_name: 'Eleni',
        last_name: 'Papadopoulou',
        date_of_birth: '1985-04-12',
        is_legal_representative: true,
        home_address: { ...address, line1: 'Athinas 3' },
      },
    ],
  },
  shareholders: {
    shareholders: [
      { type: 'individual', name: 'Eleni Papadopoulou', country: 'GR', percentage: '60', has_control: true },
      { type: 'company', name: 'Kyma Holdings AE', country: 'GR', percentage: '40', has_control: false },
    ],
    ubos_known: true,
  },
  logo: null,
  changes: [],
} satisfies CompanyProfile;

export const newLegalName = 'Aegean Roasters IKE';

const proposed = {
  name: newLegalName,
  legal_form: 'ike',
  country_of_registration: 'GR',
  vat_number: '123456783',
  registration_number: '123456701000',
  tic_number: '123456783',
  registered_address: address,
} as const;

export const pendingChange = {
  id: '00000000-0000-4000-8000-0000000000c7',
  kind: 'company',
  status: 'pending_review',
  reason: null,
  created_at: '2026-01-15T09:00:00.000Z',
  decided_at: null,
  data: proposed,
} satisfies ProfileChange;

export const profileChangeFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'edit.start': [{ event: { type: 'edit.start' }, does: 'Click "Edit legal details"' }],
    'edit.cancel': [{ event: { type: 'edit.cancel' }, does: 'Click "Cancel"' }],
    'edit.submit': [
      {
        event: { type: 'edit.submit', data: proposed },
        does: `Change the legal name to "${newLegalName}" and click "Send for review"`,
      },
    ],
  },
  actors: {
    loadProfile: {
      done: {
        output: aegeanProfile,
        says: 'Server sends the profile of Aegean Coffee IKE (approved, the owner may edit, no change waiting)',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    requestProfileChange: {
      done: {
        output: pendingChange,
        // server/profile/profile.ts requestProfileChange: only the bank's approval applies the data.
        effect:
          'a change of the company’s legal details is stored for the bank’s review (profile_change_requests: kind ' +
          `company, status pending_review, data with the legal name "${newLegalName}", requested_by the signed-in ` +
          'user) and merchant_audit records profile_change_requested; the legal name stays ' +
          `"${aegeanProfile.company.name}" until the bank approves the change.`,
        says: 'Server stores the change pending review',
      },
      errors: [
        {
          failure: http(400, 'validation_failed', 'Some fields are missing or not valid.', {
            fields: { 'data.vat_number': 'Invalid format.' },
          }),
          says: 'Server answers 400 validation_failed (the VAT number has an invalid format)',
        },
        {
          failure: http(422, 'profile_unchanged', 'This changes nothing.'),
          says: 'Server answers 422 profile_unchanged',
        },
        {
          failure: http(409, 'profile_change_pending', 'A change of this part already waits for review.'),
          says: 'Server answers 409 profile_change_pending (sent from another tab meanwhile)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof profileChangeMachine>;

export const profileTexts = {
  title: 'Company information',
  retry: 'Try again',
  edit: 'Edit legal details',
  send: 'Send for review',
  cancel: 'Cancel',
  pending: 'Pending review',
  checkFields: 'Check the highlighted fields.',
};

export function profileErrorText(error: ProfileChangeError, loading: boolean): string {
  if (error === 'network') return 'A network error has occurred.';
  if (loading) return 'Something went wrong. Please try again.';
  if (error === 'unchanged') return 'This changes nothing.';
  if (error === 'pending') return 'A change of these details already waits for review.';
  return 'The change could not be sent. Please try again.';
}

function profileScreen(snapshot: ProfileChangeSnapshot): ScreenExpectation {
  const t = profileTexts;
  const path = companyInformationPath;
  const { error, fieldErrors } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  switch (selectProfileChangeStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return {
        path,
        heading: t.title,
        alert: error ? profileErrorText(error, true) : null,
        enabled: [t.retry],
      };
    case 'viewing': {
      const canEdit = snapshot.can({ type: 'edit.start' });
      return {
        path,
        heading: t.title,
        alert: error ? profileErrorText(error, false) : null,
        absent: [t.send, ...(canEdit ? [] : [t.edit])],
        ...(canEdit ? { enabled: [t.edit] } : {}),
      };
    }
    case 'editing': {
      const alert = error
        ? profileErrorText(error, false)
        : Object.keys(fieldErrors).length > 0
          ? t.checkFields
          : null;
      return {
        path,
        heading: t.title,
        alert,
        absent: [t.edit],
        ...(busy ? { disabled: [t.send, t.cancel] } : { enabled: [t.send, t.cancel] }),
      };
    }
  }
}

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. the profile read). */
function decisionWords(step: ModelPath<ProfileChangeSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      return action.src === 'requestProfileChange' ? 'sent for review' : null;
    case 'actorError': {
      const { failure } = action;
      if (failure.kind === 'http' && failure.code === 'validation_failed') return 'the VAT number refused';
      return failureWords(action, action.src === 'loadProfile' ? 'the profile' : 'the change', {
        profile_unchanged: 'no change',
        profile_change_pending: 'a change already waits',
      });
    }
    case 'event': {
      const event = action.event as ProfileChangeEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'edit.start':
          return 'edit the legal details';
        case 'edit.cancel':
          return 'cancel';
        case 'edit.submit':
          return 'name' in event.data ? `send "${event.data.name}"` : 'send';
      }
    }
  }
  return null;
}

/**
 * A path's title by what it proves: the edit, what was sent and the server's answers in order, then where the page
 * ends (a change waiting for review shows on the page).
 */
export function profileChangeTitle(path: ModelPath<ProfileChangeSnapshot>): string {
  const words = ['Legal details', ...path.steps.map(decisionWords).filter((one) => one !== null)].join(', ');
  const last = path.steps.at(-1)!.state;
  const screen = profileScreen(last);
  const pending = last.context.profile?.changes.some((change) => change.status === 'pending_review') ?? false;
  const end =
    screen.heading === null
      ? 'stops while the page loads'
      : last.hasTag('busy')
        ? `waits on “${screen.heading}”`
        : selectProfileChangeStep(last) === 'editing'
          ? 'stops in the form'
          : pending
            ? `stops on “${screen.heading}”, ${profileTexts.pending.toLowerCase()}`
            : `stops on “${screen.heading}”`;
  return `${words}: ${end}`;
}

export const profileChangeModel: Model<typeof profileChangeMachine> = {
  name: 'profileChange',
  machine: profileChangeMachine,
  file: 'profileChange.machine.ts',
  start: `Signed in as the owner of Aegean Coffee IKE (approved), open ${companyInformationPath}`,
  input: { kind: 'company' },
  fixtures: profileChangeFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      fields: Object.keys(snapshot.context.fieldErrors),
      loaded: snapshot.context.profile !== null,
      pending:
        snapshot.context.profile?.changes.some((change) => change.status === 'pending_review') ?? false,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 6 },
  screen: profileScreen,
  title: profileChangeTitle,
};

import type { SnapshotFrom } from 'xstate';
import type { ApiFailure } from '../../machines/apiFailure';
import {
  editableSteps,
  identityChecked,
  onboardingMachine,
  onboardingSteps,
  selectOnboardingStep,
  type OnboardingError,
  type OnboardingEvent,
  type OnboardingReference,
  type OnboardingStep,
} from '../../machines/onboarding.machine';
import { defaultUploadLimitBytes } from '../../schemas/kyc.schema';
import type { OnboardingDocument, OnboardingState } from '../../schemas/onboarding.schema';
import type { Fixtures, Model, ModelPath, ScreenExpectation } from './generatePaths';
import { failureWords, pathTitle, screenEnd } from './generatePaths';
import { browserButtons } from './browserHistory';

/*
 * The test model of the company onboarding: a rejected merchant whose steps are all saved comes
 * back to correct them. The forms open filled in, so "Continue" sends the saved values again. Paths come from
 * ./generatePaths.ts; tests/model/onboarding.model.test.tsx runs them and scripts/testPaths.ts prints the QA plan.
 */

export const merchantId = '00000000-0000-4000-8000-0000000000bb';
export const rejectionReason = 'The certificate of registration is not legible.';

const certificate = {
  id: '00000000-0000-4000-8000-00000000d001',
  type: 'certificate_of_registration',
  file_name: 'certificate.pdf',
  content_type: 'application/pdf',
  size: 48_213,
  uploaded_at: '2026-01-14T10:00:00.000Z',
} satisfies OnboardingDocument;

export const uploadedCertificate = {
  ...certificate,
  id: '00000000-0000-4000-8000-00000000d002',
  file_name: 'certificate-scan.pdf',
} satisfies OnboardingDocument;

const address = { country: 'GR', postal_code: '10558', city: 'Athens', line1: 'Ermou 10', line2: null };

export const savedSteps = {
  representative: {
    first_name: 'Eleni',
    last_name: 'Papadopoulou',
    job_title: 'Managing Director',
    date_of_birth: '1980-04-12',
    phone: '+302101234567',
    citizenship: 'GR',
  },
  company: {
    name: 'Acropolis Coffee IKE',
    commercial_name: null,
    legal_form: 'ike' as const,
    country_of_registration: 'GR',
    vat_number: '094014201',
    registration_number: '123456789000',
    tic_number: '094014201',
    phone: '+302101234568',
    registered_address: address,
    trading_same_as_registered: true,
    trading_address: null,
    website_url: null,
    industry: 'food_and_beverage' as const,
    size: '2_10' as const,
    annual_turnover: 'under_100k' as const,
  },
  directors: {
    directors: [
      {
        first_name: 'Eleni',
        last_name: 'Papadopoulou',
        date_of_birth: '1980-04-12',
        is_legal_representative: true,
        home_address: address,
      },
    ],
  },
  shareholders: {
    shareholders: [
      {
        type: 'individual' as const,
        name: 'Eleni Papadopoulou',
        country: 'GR',
        percentage: '100',
        has_control: true,
      },
    ],
    ubos_known: true,
  },
  funding: {
    expected_incoming: { amount_minor: '2500000', currency: 'EUR' as const },
    source_country: 'GR',
    expected_spending: { amount_minor: '2000000', currency: 'EUR' as const },
    destination_country: 'GR',
    other_funding_method: null,
  },
};

export const rejectedState = {
  merchant: { id: merchantId, name: 'Acropolis Coffee IKE', status: 'rejected' },
  editable: true,
  information_request: null,
  rejection_reason: rejectionReason,
  steps: savedSteps,
  completed_steps: ['representative', 'company', 'directors', 'shareholders', 'documents', 'funding'],
  documents: [certificate],
  required_documents: ['certificate_of_registration'],
  logo: null,
  warnings: [],
  // Verified before the rejection: a rejected merchant need not verify again.
  identity_verification: {
    status: 'verified',
    verified_at: '2026-01-10T10:00:00.000Z',
    refusal_reason: null,
  },
  prefill: {
    first_name: 'Eleni',
    last_name: 'Papadopoulou',
    phone: '+306912345678',
    company_name: 'Acropolis Coffee',
  },
} satisfies OnboardingState;

const item = (code: string, name_en: string, name_el: string) => ({ code, name_en, name_el });
export const reference = {
  countries: [item('GR', 'Greece', 'Ελλάδα'), item('CY', 'Cyprus', 'Κύπρος')],
  legalForms: [item('ike', 'Private company (IKE)', 'Ιδιωτική Κεφαλαιουχική Εταιρεία (ΙΚΕ)')],
  industries: [item('food_and_beverage', 'Food and beverage', 'Εστίαση')],
  sizes: [item('2_10', '2-10 employees', '2-10 εργαζόμενοι')],
  turnovers: [item('under_100k', 'Under €100,000', 'Κάτω από 100.000 €')],
} satisfies OnboardingReference;

/** The form values "Continue" sends for each step: the saved data as the forms show it. */
const formValues = {
  representative: savedSteps.representative,
  company: {
    ...savedSteps.company,
    commercial_name: '',
    website_url: '',
    registered_address: { ...address, line2: '' },
  },
  directors: {
    directors: [{ ...savedSteps.directors.directors[0]!, home_address: { ...address, line2: '' } }],
  },
  shareholders: savedSteps.shareholders,
  funding: { ...savedSteps.funding, other_funding_method: '' },
};

export const uploadFile = new File(['%PDF-1.7 test'], 'certificate-scan.pdf', { type: 'application/pdf' });
/** What the upload effect reports half way (bytes of the multipart body) and the bar then shows. */
export const uploadProgressSent = { loaded: 512, total: 1024, percent: 50 };

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

const network = { kind: 'network' } satisfies ApiFailure;

export const texts = {
  title: 'Company onboarding',
  continue: 'Continue',
  saveAndReview: 'Save and return to review',
  back: 'Back',
  submit: 'Submit for review',
  retry: 'Try again',
  submittedHeading: 'Thank you, your information has been submitted',
  steps: {
    representative: 'Representative',
    company: 'Company information',
    directors: 'Directors',
    shareholders: 'Shareholders',
    documents: 'Documents',
    funding: 'Funding and activity',
    identity: 'Identity verification',
    review: 'Review and submit',
  } satisfies Record<OnboardingStep, string>,
  uploadLabel: 'Upload Certificate of registration (PDF, JPEG or PNG)',
  deleteButton: (name: string) => `Delete ${name}`,
  editButton: (step: OnboardingStep) => `Edit ${texts.steps[step]}`,
};

export function onboardingErrorText(error: OnboardingError): string {
  switch (error) {
    case 'validation_failed':
      return 'Some fields need your attention.';
    case 'onboarding_incomplete':
      return 'Some information is still missing.';
    case 'onboarding_locked':
      return 'Your information is in review and cannot be changed now.';
    case 'step_locked':
      return (
        'The bank asked for more information on other steps: this one stays as it is. Change the steps it named, ' +
        'then submit again.'
      );
    // Said beside the file field (src/ui/FileDrop.tsx), with the rules' figures.
    case 'payload_too_large':
      return (
        `This file is larger than ${defaultUploadLimitBytes / (1024 * 1024)} MB. Choose a smaller file, or save or ` +
        'scan it at a lower resolution.'
      );
    case 'unsupported_file_type':
      return (
        'This file is not a PDF, JPEG or PNG file: we look at what is inside it, not at its name. Save or scan it ' +
        'as PDF, JPEG or PNG and choose it again.'
      );
    case 'forbidden':
      return 'Only the owner of the company can fill in and submit the application.';
    case 'not_found':
      return 'This is no longer there. Reload the page to see the application as it is now.';
    case 'conflict':
      return 'This changed in the meantime. Reload the page, then try again.';
    case 'bad_request':
      return 'What was sent could not be read. Reload the page, then try again.';
    case 'unauthorized':
      return 'Session has expired. Please log in again to continue!';
    case 'internal_error':
      return 'This could not be saved on our side. What you entered is kept: try again in a few minutes.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

const editable = editableSteps;

export const onboardingFixtures = {
  events: {
    'step.open': onboardingSteps.map((step) => ({
      event: { type: 'step.open', step },
      does: `The page opens the step in the address: ${texts.steps[step]}`,
      auto: () => true,
    })),
    'representative.save': [
      { event: { type: 'representative.save', values: formValues.representative }, does: 'Click "Continue"' },
    ],
    'company.save': [
      { event: { type: 'company.save', values: formValues.company }, does: 'Click "Continue"' },
    ],
    'directors.save': [
      { event: { type: 'directors.save', values: formValues.directors }, does: 'Click "Continue"' },
    ],
    'shareholders.save': [
      { event: { type: 'shareholders.save', values: formValues.shareholders }, does: 'Click "Continue"' },
    ],
    'funding.save': [
      { event: { type: 'funding.save', values: formValues.funding }, does: 'Click "Continue"' },
    ],
    'documents.continue': [{ event: { type: 'documents.continue' }, does: 'Click "Continue"' }],
    'identity.continue': [
      { event: { type: 'identity.continue' }, does: 'Click "Continue" (the identity is verified)' },
    ],
    'document.upload': [
      {
        event: { type: 'document.upload', kind: 'certificate_of_registration', file: uploadFile },
        does: `Choose ${uploadFile.name} in "${texts.uploadLabel}"`,
      },
    ],
    'upload.progress': [
      {
        event: {
          type: 'upload.progress',
          loaded: uploadProgressSent.loaded,
          total: uploadProgressSent.total,
        },
        does: `The browser reports ${uploadProgressSent.percent} % of ${uploadFile.name} sent`,
      },
    ],
    'document.delete': [
      {
        event: { type: 'document.delete', documentId: certificate.id },
        does: `Click "${texts.deleteButton(certificate.file_name)}"`,
      },
    ],
    'step.back': [{ event: { type: 'step.back' }, does: 'Click "Back"' }],
    'step.edit': editable.map((step) => ({
      event: { type: 'step.edit', step },
      does: `Click "Edit" next to ${texts.steps[step]}`,
    })),
    'review.submit': [{ event: { type: 'review.submit' }, does: `Click "${texts.submit}"` }],
    'load.retry': [{ event: { type: 'load.retry' }, does: `Click "${texts.retry}"` }],
    'nav.back': [browserButtons.back],
    'nav.forward': [browserButtons.forward],
  },
  actors: {
    loadOnboarding: {
      done: {
        output: { state: rejectedState, reference },
        says: 'Server answers the saved onboarding (rejected, every step saved) and the reference lists',
      },
      errors: [{ failure: network, says: 'The network fails (no answer from the server)' }],
    },
    saveStep: {
      done: {
        output: (context) => context.data ?? rejectedState,
        says: 'Server saves the step',
        effect:
          'the step’s answers replace what was saved for it (merchant_onboarding, one column per step, ' +
          'updated_at); saving Company information also renames the merchant (merchants.name). The status stays ' +
          'as it was: nothing is submitted.',
      },
      errors: [
        {
          failure: http(422, 'validation_failed', 'Some fields are not valid.', {
            fields: { first_name: 'Max 50 characters.' },
          }),
          says: 'Server answers 422 validation_failed (first_name: Max 50 characters.)',
        },
        { failure: network, says: 'The network fails (no answer from the server)' },
      ],
    },
    uploadDocument: {
      done: {
        output: uploadedCertificate,
        says: 'Server stores the file',
        effect:
          'the file is stored and a merchant_documents row records it (type certificate_of_registration, file ' +
          'name, content type, size, uploaded_by the signed-in owner), beside any earlier upload of that type.',
      },
      errors: [
        {
          failure: http(413, 'payload_too_large', 'The file is too large.'),
          says: 'Server answers 413 payload_too_large',
        },
        {
          failure: http(400, 'unsupported_file_type', 'Upload a PDF, JPEG, PNG file.', {
            fields: { file: 'Upload a PDF, JPEG, PNG file.' },
          }),
          says: 'Server answers 400 unsupported_file_type (the content is not a PDF, JPEG or PNG)',
        },
      ],
    },
    deleteDocument: {
      done: {
        output: undefined,
        says: 'Server deletes the file',
        effect: 'the merchant_documents row is deleted and the stored file removed.',
      },
      errors: [{ failure: network, says: 'The network fails (no answer from the server)' }],
    },
    submitForReview: {
      done: {
        output: {
          ...rejectedState,
          merchant: { ...rejectedState.merchant, status: 'in_review' },
          editable: false,
        },
        says: 'Server accepts the submission: the merchant is in review',
        effect:
          'the merchant’s status becomes in_review (merchants.status), merchant_onboarding.submitted_at is set and ' +
          'the earlier rejection reason cleared, and merchant_audit records submitted_for_review by the owner; the ' +
          'steps can no longer be changed.',
      },
      errors: [
        {
          failure: http(422, 'onboarding_incomplete', 'Some steps are missing or not complete.', {
            fields: { 'documents.representative_id': 'Upload this document.' },
          }),
          says: 'Server answers 422 onboarding_incomplete (documents.representative_id missing)',
        },
        { failure: network, says: 'The network fails (no answer from the server)' },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof onboardingMachine>;

type Snapshot = SnapshotFrom<typeof onboardingMachine>;

/** Before a step opens, the address is the one the tester opened (see the model test's `startPath`). */
export const openingPath = `/registration/:step/${merchantId}`;

function onboardingScreen(snapshot: Snapshot): ScreenExpectation {
  const { error, returnToReview, data } = snapshot.context;
  const busy = snapshot.hasTag('busy');
  const alert = error ? onboardingErrorText(error) : null;
  const split = (names: Array<[string, boolean]>) => ({
    enabled: names.filter(([, on]) => on).map(([name]) => name),
    disabled: names.filter(([, on]) => !on).map(([name]) => name),
  });
  const step = selectOnboardingStep(snapshot);
  switch (step) {
    case 'loading':
    case 'opening':
      return { path: openingPath, heading: null };
    case 'failed':
      return { path: openingPath, heading: texts.title, alert, ...split([[texts.retry, true]]) };
    case 'done':
      return { path: '/information-submitted', heading: texts.submittedHeading };
    case 'review':
      return {
        path: `/registration/review/${merchantId}`,
        heading: texts.steps.review,
        alert,
        ...split([
          [texts.back, !busy],
          [texts.submit, !busy],
          ...editable.map((each): [string, boolean] => [texts.editButton(each), !busy]),
        ]),
      };
    default: {
      const next = returnToReview ? texts.saveAndReview : texts.continue;
      const deletes = step === 'documents' ? (data?.documents ?? []) : [];
      if (step === 'identity') {
        // Continue only once the photos passed the automatic checks (they did, in this model); no form to save.
        const verified = identityChecked(data?.identity_verification.status);
        return {
          path: `/registration/identity/${merchantId}`,
          heading: texts.steps.identity,
          alert,
          ...split([
            ...(verified ? [[texts.continue, !busy] as [string, boolean]] : []),
            [texts.back, !busy],
          ]),
        };
      }
      return {
        path: `/registration/${step}/${merchantId}`,
        heading: texts.steps[step],
        alert,
        ...split([
          [next, !busy],
          ...(step === 'representative' ? [] : [[texts.back, !busy] as [string, boolean]]),
          ...deletes.map((doc): [string, boolean] => [texts.deleteButton(doc.file_name), !busy]),
        ]),
      };
    }
  }
}

const onboardingAnswers: Record<string, string> = {
  loadOnboarding: 'the load',
  uploadDocument: 'the upload',
  deleteDocument: 'the delete',
  submitForReview: 'the submission',
};

/** `save<Step>` (the saveStep invocation's id) → the step's name, in lower case. */
const savedStep = (id: string) =>
  (
    texts.steps[
      onboardingSteps.find((step) => `save${step[0]!.toUpperCase()}${step.slice(1)}` === id) ?? 'review'
    ] ?? id
  ).toLowerCase();

function onboardingWords(step: ModelPath<Snapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'event': {
      const event = action.event as OnboardingEvent;
      switch (event.type) {
        case 'step.open':
          return `open ${texts.steps[event.step].toLowerCase()}`;
        case 'step.edit':
          return `edit ${texts.steps[event.step].toLowerCase()}`;
        case 'step.back':
          return 'back';
        case 'nav.back':
          return 'the browser’s Back';
        case 'nav.forward':
          return 'the browser’s Forward';
        case 'load.retry':
          return 'load again';
        case 'upload.progress':
          return 'part of the file sent';
        default:
          return null;
      }
    }
    case 'actorError':
      return failureWords(
        action,
        action.src === 'saveStep'
          ? `saving ${savedStep(action.id)}`
          : (onboardingAnswers[action.src] ?? action.src),
      );
    case 'actorDone':
      switch (action.src) {
        case 'saveStep':
          return `${savedStep(action.id)} saved`;
        case 'uploadDocument':
          return 'certificate uploaded';
        case 'deleteDocument':
          return 'certificate deleted';
        case 'submitForReview':
          return 'submitted';
        default:
          return null;
      }
    default:
      return null;
  }
}

/** Onboarding: the step opened, what was saved, uploaded or deleted, the refusals, then in review or where it stops. */
export function onboardingTitle(path: ModelPath<Snapshot>): string {
  const last = path.steps.at(-1)!.state;
  const end =
    selectOnboardingStep(last) === 'done'
      ? 'in review'
      : screenEnd(onboardingScreen(last), last.hasTag('busy'));
  return pathTitle(path, onboardingWords, end);
}

export const onboardingModel: Model<typeof onboardingMachine> = {
  name: 'onboarding',
  machine: onboardingMachine,
  file: 'onboarding.machine.ts',
  start: `Sign in as the owner of a rejected merchant and open /registration/<step>/${merchantId}`,
  input: { merchantId },
  fixtures: onboardingFixtures,
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      returnToReview: snapshot.context.returnToReview,
      documents: snapshot.context.data?.documents.map((doc) => doc.id) ?? [],
    }),
  // The step Back and Forward lead to next tells states apart in the walk, not in the choice of paths.
  historyKey: (snapshot) =>
    JSON.stringify([snapshot.context.nav.behind.at(-1) ?? null, snapshot.context.nav.ahead.at(-1) ?? null]),
  bounds: { maxDepth: 6, simplePerState: 1, maxSimple: 20 },
  screen: onboardingScreen,
  title: onboardingTitle,
};

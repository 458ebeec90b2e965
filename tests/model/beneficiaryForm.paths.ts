import type { ApiFailure } from '../../machines/apiFailure';
import {
  beneficiaryFormMachine,
  selectBeneficiaryFormStep,
  type BeneficiaryDraft,
  type BeneficiaryFormContext,
  type BeneficiaryFormEvent,
  type BeneficiaryFormSnapshot,
} from '../../machines/beneficiaryForm.machine';
import type { Beneficiary } from '../../schemas/beneficiaries.schema';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';

/*
 * The test model of the beneficiary form (machines/beneficiaryForm.machine.ts): create at
 * /my-beneficiaries/create-beneficiary and edit at /my-beneficiaries/edit-beneficiary/:id, with the four answers of
 * the name check (SPEC §4) and the failures the screen words differently.
 */

export const beneficiaryId = '00000000-0000-4000-8000-0000000000b1';
/** An IBAN of the demo external account held by "Maria Papadopoulou" (server/payee/externalAccounts.ts). */
export const mariaIban = 'GR3401101250000000012345670';

export const createPath = '/my-beneficiaries/create-beneficiary';
export const editPath = `/my-beneficiaries/edit-beneficiary/${beneficiaryId}`;
export const listPath = '/my-beneficiaries';

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const typoDraft: BeneficiaryDraft = {
  kind: 'bank',
  wallet_tag: '',
  holder: 'person',
  first_name: 'Maria',
  last_name: 'Papadopolou',
  company_name: '',
  bank_country: 'GR',
  iban: mariaIban,
};
export const walletDraft: BeneficiaryDraft = {
  kind: 'wallet',
  wallet_tag: '@demo-bakery',
  holder: 'person',
  first_name: '',
  last_name: '',
  company_name: '',
  bank_country: '',
  iban: '',
};

const saved = {
  id: beneficiaryId,
  kind: 'bank',
  name: 'Maria Papadopoulou',
  wallet_tag: null,
  first_name: 'Maria',
  last_name: 'Papadopoulou',
  bank_country: 'GR',
  holder: 'person',
  company_name: null,
  iban: mariaIban,
  name_check: { result: 'match', accepted_mismatch: false },
  created_at: '2026-01-15T09:00:00.000Z',
  updated_at: '2026-01-15T09:00:00.000Z',
} satisfies Beneficiary;

const checkId = '00000000-0000-4000-8000-0000000000c1';

/** Create inserts a row; edit replaces the row's details (server/beneficiaries.ts createBeneficiary, updateBeneficiary). */
function storedWords(context: BeneficiaryFormContext): string {
  return context.id === null
    ? 'a beneficiary is stored (a new beneficiaries row, listed on /my-beneficiaries)'
    : 'the beneficiary’s row is updated in place (same id, updated_at now)';
}

/**
 * What a save after a match records (server/beneficiaries.ts `resolve`): the name check is recorded first
 * (payee_checks), then the beneficiary carries its id and result.
 */
function checkedSaveEffect(context: BeneficiaryFormContext): string {
  return (
    `a name check is recorded (payee_checks: the name typed, result match); ${storedWords(context)} with ` +
    'name_check_id, name_check_result = match and name_mismatch_accepted = false.'
  );
}

/**
 * What a save without a match records: a wallet carries no check; a bank beneficiary saved anyway is checked again
 * (a second payee_checks record) and stored with that result and the mismatch accepted.
 */
function acceptedSaveEffect(context: BeneficiaryFormContext): string {
  if (context.values.kind === 'wallet') {
    return (
      `${storedWords(context)} for the wallet @demo-bakery (recipient_merchant_id set), with no name check ` +
      '(name_check_id and name_check_result null).'
    );
  }
  const result = context.check?.result ?? 'match';
  return (
    `the name is checked again and recorded (a new payee_checks row, result ${result}); ${storedWords(context)} ` +
    `with name_check_id, name_check_result = ${result} and name_mismatch_accepted = ${result !== 'match'}.`
  );
}

export const beneficiaryFormFixtures = {
  events: {
    'form.opened': [
      {
        event: { type: 'form.opened', id: null },
        does: `Open ${createPath} (the "Add beneficiary" button of the list)`,
        auto: (context) => !context.opened,
      },
      {
        event: { type: 'form.opened', id: beneficiaryId },
        does: `Open ${editPath} (the "Edit" link of Maria Papadopoulou in the list)`,
        auto: (context) => !context.opened,
      },
    ],
    'form.submit': [
      {
        event: { type: 'form.submit', values: typoDraft },
        does:
          'Choose "Bank account", type "Maria" as First name and "Papadopolou" as Last name, choose Greece, ' +
          `type ${mariaIban} as IBAN, click "Save beneficiary"`,
      },
      {
        event: { type: 'form.submit', values: walletDraft },
        does: 'Choose "Wallet", type "@demo-bakery" as Wallet tag, click "Save beneficiary"',
      },
    ],
    'form.amend': [{ event: { type: 'form.amend' }, does: 'Click "Change the details"' }],
    'name.useSuggested': [{ event: { type: 'name.useSuggested' }, does: 'Click "Use Maria Papadopoulou"' }],
    'name.accept': [{ event: { type: 'name.accept' }, does: 'Click "Save anyway"' }],
    'check.retry': [{ event: { type: 'check.retry' }, does: 'Click "Try again"' }],
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
  },
  actors: {
    loadBeneficiary: {
      done: { output: saved, says: 'Server sends the beneficiary Maria Papadopoulou (bank, GR)' },
      errors: [
        {
          failure: http(404, 'not_found', 'Nothing here.'),
          says: 'Server answers 404 (deleted, or another merchant’s)',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    checkAndSaveBeneficiary: {
      done: {
        output: saved,
        effect: checkedSaveEffect,
        says: 'Server checks the name (match) and saves the beneficiary',
      },
      errors: [
        {
          failure: http(422, 'name_check_unconfirmed', 'Close match.', {
            details: { result: 'close_match', check_id: checkId, suggested_name: 'Maria Papadopoulou' },
          }),
          says: 'Server answers 422: close match, the holder is "Maria Papadopoulou"; nothing saved',
        },
        {
          failure: http(422, 'name_check_unconfirmed', 'No match.', {
            details: { result: 'no_match', check_id: checkId },
          }),
          says: 'Server answers 422: no match (the holder’s name is not revealed); nothing saved',
        },
        {
          failure: http(422, 'name_check_unconfirmed', 'Not possible.', {
            details: { result: 'not_possible', check_id: checkId },
          }),
          says: 'Server answers 422: verification not possible (the bank does not answer); nothing saved',
        },
        {
          failure: http(409, 'conflict', 'You already have this beneficiary.', {
            fields: { iban: 'You already have this beneficiary.' },
          }),
          says: 'Server answers 409: a beneficiary with this IBAN exists',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
    saveBeneficiary: {
      done: { output: saved, effect: acceptedSaveEffect, says: 'Server saves the beneficiary' },
      errors: [
        {
          failure: http(409, 'conflict', 'You already have this beneficiary.', {
            fields: {
              wallet_tag: 'You already have this beneficiary.',
              iban: 'You already have this beneficiary.',
            },
          }),
          says: 'Server answers 409: this beneficiary exists already',
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof beneficiaryFormMachine>;

export const beneficiaryTexts = {
  listTitle: 'Beneficiaries',
  createTitle: 'New beneficiary',
  editTitle: 'Edit beneficiary',
  save: 'Save beneficiary',
  useSuggested: 'Use Maria Papadopoulou',
  amend: 'Change the details',
  saveAnyway: 'Save anyway',
  retry: 'Try again',
  created: 'Beneficiary created',
  updated: 'Beneficiary updated',
  closeMatch: 'The name you entered is close to the name of the account holder, but not the same.',
  noMatch:
    'The name does not match the account holder’s name. If you pay this beneficiary, the money may reach someone else.',
  notPossible:
    'The recipient’s bank cannot confirm account holders’ names. Check the details before you pay this beneficiary.',
  verificationFailed: 'Beneficiary verification failed, try again later',
  notFound: 'This beneficiary does not exist.',
  network: 'A network error has occurred.',
  unknown: 'Something went wrong. Please try again.',
};

function beneficiaryScreen(snapshot: BeneficiaryFormSnapshot): ScreenExpectation {
  const t = beneficiaryTexts;
  const editing = snapshot.context.id !== null;
  const path = editing ? editPath : createPath;
  const heading = editing ? t.editTitle : t.createTitle;
  const { error } = snapshot.context;
  const errorText = error === 'network' ? t.network : error === 'not_found' ? t.notFound : t.unknown;
  switch (selectBeneficiaryFormStep(snapshot)) {
    case 'opening':
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return {
        path,
        heading,
        alert: errorText,
        ...(error === 'not_found' ? { absent: [t.retry] } : { enabled: [t.retry] }),
      };
    case 'form': {
      const busy = snapshot.hasTag('busy');
      return {
        path,
        heading,
        alert: error ? errorText : null,
        ...(busy ? { disabled: [t.save] } : { enabled: [t.save] }),
      };
    }
    case 'closeMatch':
      return { path, heading, alert: t.closeMatch, enabled: [t.useSuggested, t.amend, t.saveAnyway] };
    case 'noMatch':
      return { path, heading, alert: t.noMatch, enabled: [t.amend, t.saveAnyway], absent: [t.useSuggested] };
    case 'notPossible':
      return {
        path,
        heading,
        alert: t.notPossible,
        enabled: [t.amend, t.saveAnyway],
        absent: [t.useSuggested],
      };
    case 'verificationFailed':
      return { path, heading, alert: t.verificationFailed, enabled: [t.retry, t.amend] };
    case 'saved':
      return { path: listPath, heading: t.listTitle, toast: editing ? t.updated : t.created };
  }
}

const checkWords: Record<string, string> = {
  close_match: 'close match',
  no_match: 'no match',
  not_possible: 'name check not possible',
};

const answerOf: Record<string, string> = {
  loadBeneficiary: 'the beneficiary',
  checkAndSaveBeneficiary: 'the name check',
  saveBeneficiary: 'the save',
};

/** A decision of a path, in a few words (null: a step that decides nothing, e.g. the beneficiary read). */
function decisionWords(step: ModelPath<BeneficiaryFormSnapshot>['steps'][number]): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      return action.src === 'checkAndSaveBeneficiary' ? 'the name matches' : null;
    case 'actorError': {
      const { failure } = action;
      if (failure.kind !== 'http') return `no answer from ${answerOf[action.src] ?? action.src}`;
      if (failure.code === 'name_check_unconfirmed') {
        const result = String(failure.details?.result ?? '');
        return checkWords[result] ?? result;
      }
      if (failure.status === 404) return 'not found';
      if (failure.status === 409) return 'already a beneficiary';
      return failureWords(action, answerOf[action.src] ?? action.src);
    }
    case 'event': {
      const event = action.event as BeneficiaryFormEvent;
      switch (event.type) {
        case 'form.opened':
          return event.id === null ? 'new beneficiary' : 'edit Maria Papadopoulou';
        case 'form.submit':
          return event.values.kind === 'wallet'
            ? `wallet ${event.values.wallet_tag}`
            : `bank account as "${event.values.first_name} ${event.values.last_name}"`;
        case 'form.amend':
          return 'change the details';
        case 'name.useSuggested':
          return 'take the suggested name';
        case 'name.accept':
          return 'save anyway';
        case 'check.retry':
          return 'check again';
        case 'load.retry':
          return 'load again';
      }
    }
  }
  return null;
}

/**
 * A path's title by what it proves: create or edit, what was typed, the name check's answer and what the merchant did
 * about it, the refusals and faults, then where it ends.
 */
export function beneficiaryFormTitle(path: ModelPath<BeneficiaryFormSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const screen = beneficiaryScreen(last);
  const end =
    selectBeneficiaryFormStep(last) === 'saved'
      ? last.context.id === null
        ? 'created'
        : 'updated'
      : screen.heading === null
        ? 'stops while the page loads'
        : last.hasTag('busy')
          ? `waits on “${screen.heading}”`
          : `stops on “${screen.heading}”`;
  return pathTitle(path, decisionWords, end);
}

export const beneficiaryFormModel: Model<typeof beneficiaryFormMachine> = {
  name: 'beneficiaryForm',
  machine: beneficiaryFormMachine,
  file: 'beneficiaryForm.machine.ts',
  start:
    'Signed in as the owner of an approved merchant, open the beneficiary form (create or edit, as the first step says)',
  fixtures: beneficiaryFormFixtures,
  // The revision only remounts the form; the values come from fixtures. What the screen shows is the state, the
  // error, the check's result, whether it edits, which kind was submitted and whether a field was refused.
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      opened: snapshot.context.opened,
      edit: snapshot.context.id !== null,
      kind: snapshot.context.values.kind,
      error: snapshot.context.error,
      check: snapshot.context.check?.result ?? null,
      fields: Object.keys(snapshot.context.fieldErrors).length > 0,
    }),
  bounds: { maxDepth: 7, simplePerState: 1, maxSimple: 30 },
  screen: beneficiaryScreen,
  title: beneficiaryFormTitle,
};

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  BeneficiaryCompanyName,
  beneficiaryCompanyNameMaxLength,
  BeneficiaryName,
  beneficiaryNameMaxLength,
  type BeneficiaryHolder,
  walletTagMaxLength,
  type Beneficiary,
  type BeneficiaryBodyInput,
  type NameCheckDetails,
} from '../schemas/beneficiaries.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { count } from './ruleWords';

/*
 * Creating or editing a beneficiary (SPEC §2 /my-beneficiaries/create-beneficiary and /edit-beneficiary/:id, §4
 * "Beneficiary name verification"). A wallet beneficiary is simply saved. A bank account is held by a person (first
 * and last name) or a company (its legal name). A bank beneficiary is saved through the name check: the server checks the name against the IBAN's holder and saves on a match; otherwise it answers with
 * the result and the user decides:
 * - close match: "Did you mean <holder's name>?" with one click to use that name (checked again), amend, or save anyway;
 * - no match: a warning that the money may reach someone else; amend or save anyway;
 * - not possible: the bank cannot check names; amend or save anyway.
 * A failed check ("Beneficiary verification failed, try again later") offers to try again.
 */

/** The form's fields as typed (strings); the screen validates them with the server's schema before submitting. */
export type BeneficiaryDraft = {
  kind: 'wallet' | 'bank';
  wallet_tag: string;
  /** A bank account's holder: a person (first and last name) or a company (legal name). */
  holder: BeneficiaryHolder;
  first_name: string;
  last_name: string;
  company_name: string;
  bank_country: string;
  iban: string;
};

export const emptyDraft: BeneficiaryDraft = {
  kind: 'bank',
  wallet_tag: '',
  holder: 'person',
  first_name: '',
  last_name: '',
  company_name: '',
  bank_country: '',
  iban: '',
};

export type NameCheck = {
  result: NameCheckDetails['result'];
  /** The holder's name (close match only). */
  suggestedName: string | null;
};

/**
 * The suggested name in the form's fields, when it fits them (Latin letters, lengths): a person's split into first
 * and last name, a company's whole.
 */
export type NameSuggestion = { first_name: string; last_name: string } | { company_name: string };

const toBeneficiaryFormError = knownErrors(['network', 'not_found']);
export type BeneficiaryFormError = ReturnType<typeof toBeneficiaryFormError>;

export type BeneficiaryFormContext = {
  /** The beneficiary being edited; null while creating. */
  id: string | null;
  /** The screen has read the address and opened the form (`form.opened`). */
  opened: boolean;
  values: BeneficiaryDraft;
  /** Bumped whenever `values` change from outside the form (loaded, suggestion used): the form starts over from them. */
  revision: number;
  check: NameCheck | null;
  suggestion: NameSuggestion | null;
  error: BeneficiaryFormError | null;
  /** The server's problems with fields (400 validation_failed, 409 conflict), by field. */
  fieldErrors: Record<string, string>;
  saved: Beneficiary | null;
};

export type BeneficiaryFormEvent =
  /** Sent by the screen once it has read the address: the id of /edit-beneficiary/:id, or null on create. */
  | { type: 'form.opened'; id: string | null }
  | { type: 'form.submit'; values: BeneficiaryDraft }
  | { type: 'form.amend' }
  | { type: 'name.useSuggested' }
  | { type: 'name.accept' }
  | { type: 'check.retry' }
  | { type: 'load.retry' };

export type LoadBeneficiaryInput = { id: string };
export type SaveBeneficiaryInput = { id: string | null; body: BeneficiaryBodyInput };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

/** The request body of a draft; `accept` is the user's choice to save despite the name check. */
export function bodyOf(values: BeneficiaryDraft, accept: boolean): BeneficiaryBodyInput {
  if (values.kind === 'wallet') return { kind: 'wallet', wallet_tag: values.wallet_tag };
  const names =
    values.holder === 'company'
      ? { holder: 'company' as const, company_name: values.company_name }
      : { holder: 'person' as const, first_name: values.first_name, last_name: values.last_name };
  return {
    kind: 'bank',
    ...names,
    bank_country: values.bank_country,
    iban: values.iban,
    ...(accept ? { accept_name_mismatch: true } : {}),
  };
}

export function draftOf(beneficiary: Beneficiary): BeneficiaryDraft {
  return {
    kind: beneficiary.kind,
    wallet_tag: beneficiary.wallet_tag ?? '',
    holder: beneficiary.holder ?? 'person',
    first_name: beneficiary.first_name ?? '',
    last_name: beneficiary.last_name ?? '',
    company_name: beneficiary.company_name ?? '',
    bank_country: beneficiary.bank_country ?? '',
    iban: beneficiary.iban ?? '',
  };
}

/**
 * "Maria Papadopoulou" → first "Maria", last "Papadopoulou"; a company's name as it is. Null when it does not fit
 * the Latin-only fields.
 */
export function splitSuggestedName(
  name: string | null,
  holder: BeneficiaryHolder = 'person',
): NameSuggestion | null {
  if (holder === 'company') {
    const company = BeneficiaryCompanyName.safeParse(name ?? '');
    return company.success ? { company_name: company.data } : null;
  }
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return null;
  const first_name = words.slice(0, -1).join(' ');
  const last_name = words[words.length - 1] ?? '';
  const fits = BeneficiaryName.safeParse(first_name).success && BeneficiaryName.safeParse(last_name).success;
  return fits ? { first_name, last_name } : null;
}

function nameCheckOf(error: unknown): NameCheck | null {
  const failure = toApiFailure(error);
  if (failure.kind !== 'http' || failure.code !== 'name_check_unconfirmed') return null;
  const result = failure.details?.result;
  if (result !== 'close_match' && result !== 'no_match' && result !== 'not_possible') return null;
  const suggested = failure.details?.suggested_name;
  return { result, suggestedName: typeof suggested === 'string' ? suggested : null };
}

const fieldCodes: ReadonlySet<string> = new Set(['validation_failed', 'conflict']);

export const beneficiaryFormMachine = setup({
  types: {
    context: {} as BeneficiaryFormContext,
    events: {} as BeneficiaryFormEvent,
  },
  actors: {
    loadBeneficiary: fromPromise<Beneficiary, LoadBeneficiaryInput>(async () =>
      notProvided('loadBeneficiary'),
    ),
    /** Saves a bank beneficiary without accepting a mismatch: the server checks the name and saves only on a match. */
    checkAndSaveBeneficiary: fromPromise<Beneficiary, SaveBeneficiaryInput>(async () =>
      notProvided('checkAndSaveBeneficiary'),
    ),
    /** Saves a wallet beneficiary, or a bank one the user chose to save despite the name check. */
    saveBeneficiary: fromPromise<Beneficiary, SaveBeneficiaryInput>(async () =>
      notProvided('saveBeneficiary'),
    ),
  },
  actions: {
    recordError: assign({
      error: (_, params: { error: unknown }) => toBeneficiaryFormError(params.error),
    }),
    recordFieldErrors: assign({
      fieldErrors: (_, params: { error: unknown }) => {
        const failure = toApiFailure(params.error);
        return failure.kind === 'http' ? (failure.fields ?? {}) : {};
      },
    }),
    recordCheck: assign(({ context }, params: { error: unknown }) => {
      const check = nameCheckOf(params.error);
      return { check, suggestion: splitSuggestedName(check?.suggestedName ?? null, context.values.holder) };
    }),
    clearErrors: assign({ error: null, fieldErrors: {} }),
    recordSaved: assign({ saved: (_, params: { beneficiary: Beneficiary }) => params.beneficiary }),
  },
  guards: {
    opensForEdit: ({ event }) => event.type === 'form.opened' && event.id !== null,
    isWallet: ({ event }) => event.type === 'form.submit' && event.values.kind === 'wallet',
    isCloseMatch: (_, params: { error: unknown }) => nameCheckOf(params.error)?.result === 'close_match',
    isNoMatch: (_, params: { error: unknown }) => nameCheckOf(params.error)?.result === 'no_match',
    isNotPossible: (_, params: { error: unknown }) => nameCheckOf(params.error)?.result === 'not_possible',
    isFieldProblem: (_, params: { error: unknown }) => fieldCodes.has(failureCode(params.error)),
    hasSuggestion: ({ context }) => context.suggestion !== null,
    /** A beneficiary that is not there (404) will not appear by asking again. */
    canRetryLoad: ({ context }) => context.error !== 'not_found',
  },
}).createMachine({
  id: 'beneficiaryForm',
  context: {
    id: null,
    opened: false,
    values: emptyDraft,
    revision: 0,
    check: null,
    suggestion: null,
    error: null,
    fieldErrors: {},
    saved: null,
  },
  initial: 'opening',
  states: {
    opening: {
      description: 'Until the screen has read the address: edit a beneficiary (with its id) or create one.',
      on: {
        'form.opened': [
          {
            description: 'The address names a beneficiary to edit: it is read first.',
            guard: 'opensForEdit',
            target: 'loading',
            actions: assign({ opened: true, id: ({ event }) => event.id }),
          },
          {
            target: 'editing',
            description: 'A new beneficiary: the empty form is shown at once.',
            actions: assign({ opened: true }),
          },
        ],
      },
    },
    loading: {
      description: 'The beneficiary to edit is read.',
      tags: ['busy'],
      invoke: {
        id: 'loadBeneficiary',
        src: 'loadBeneficiary',
        input: ({ context }) => ({ id: context.id ?? '' }),
        onDone: {
          target: 'editing',
          description: 'The form is shown filled with the beneficiary as saved.',
          actions: assign({
            values: ({ event }) => draftOf(event.output),
            revision: ({ context }) => context.revision + 1,
            error: null,
          }),
        },
        onError: {
          target: 'loadFailed',
          description: "Not found (deleted, or another merchant's) or not read (no answer).",
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description:
        "The beneficiary was not found (deleted, or another merchant's) or could not be read; the list is one " +
        'click away.',
      on: {
        'load.retry': {
          description: 'The user asks to read it again; not offered for one that was not found.',
          guard: 'canRetryLoad',
          target: 'loading',
          actions: 'clearErrors',
        },
      },
    },
    editing: {
      description:
        `The form: a wallet tag (up to ${count(walletTagMaxLength, 'character')}), or a bank account held by a ` +
        `person (first and last name, Latin letters, up to ${count(beneficiaryNameMaxLength, 'character')} each) ` +
        `or by a company (its legal name, Latin letters, digits and & . , ' ( ) -, up to ` +
        `${count(beneficiaryCompanyNameMaxLength, 'character')}), the bank's country and an IBAN of that country. ` +
        'The browser checks the fields as the server does.',
      on: {
        'form.submit': [
          {
            description: 'A wallet beneficiary is saved as it is: no name check.',
            guard: 'isWallet',
            target: 'saving',
            actions: ['clearErrors', assign({ values: ({ event }) => event.values })],
          },
          {
            target: 'checkingName',
            description: "A bank beneficiary goes through the name check against the IBAN's holder.",
            actions: ['clearErrors', assign({ values: ({ event }) => event.values })],
          },
        ],
      },
    },
    checkingName: {
      description:
        "The server asks the holder's bank whether the name is the account holder's and saves the beneficiary " +
        'only on a match. An edit that changes neither the name nor the IBAN keeps its earlier check.',
      tags: ['busy'],
      invoke: {
        id: 'checkAndSaveBeneficiary',
        src: 'checkAndSaveBeneficiary',
        input: ({ context }) => ({ id: context.id, body: bodyOf(context.values, false) }),
        onDone: {
          target: 'saved',
          description: "The name is the holder's: the beneficiary is saved with the check's id and result.",
          actions: { type: 'recordSaved', params: ({ event }) => ({ beneficiary: event.output }) },
        },
        onError: [
          {
            description: "The name is close to the holder's: nothing is saved yet; the user decides.",
            guard: { type: 'isCloseMatch', params: ({ event }) => ({ error: event.error }) },
            target: 'nameCheck.closeMatch',
            actions: { type: 'recordCheck', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: "The name is not the holder's: nothing is saved yet; the user decides.",
            guard: { type: 'isNoMatch', params: ({ event }) => ({ error: event.error }) },
            target: 'nameCheck.noMatch',
            actions: { type: 'recordCheck', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'The bank cannot check names: nothing is saved yet; the user decides.',
            guard: { type: 'isNotPossible', params: ({ event }) => ({ error: event.error }) },
            target: 'nameCheck.notPossible',
            actions: { type: 'recordCheck', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description:
              'The server refused a field (one of your own IBANs, a beneficiary you already have): the form marks it.',
            guard: { type: 'isFieldProblem', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              { type: 'recordFieldErrors', params: ({ event }) => ({ error: event.error }) },
              assign({ revision: ({ context }) => context.revision + 1 }),
            ],
          },
          {
            target: 'verificationFailed',
            description: 'The check itself failed (no answer, a server failure): nothing is saved.',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    nameCheck: {
      description:
        "The name is not the holder's, or cannot be checked: the user amends it or saves anyway. Nothing is saved " +
        'until they choose.',
      initial: 'noMatch',
      on: {
        'form.amend': {
          target: 'editing',
          description: 'The user amends the form; it is checked again when sent.',
          actions: assign({ check: null, suggestion: null, revision: ({ context }) => context.revision + 1 }),
        },
        'name.accept': {
          target: 'saving',
          description:
            "The user saves anyway: the beneficiary is recorded with the check's result and that the mismatch was " +
            'accepted.',
        },
      },
      states: {
        closeMatch: {
          description:
            '"Did you mean <holder\'s name>?": one click uses that name (when it fits the two name fields) and ' +
            'checks again; or amend, or save anyway.',
          on: {
            'name.useSuggested': {
              description: "The user takes the holder's name: the form is filled with it and checked again.",
              guard: 'hasSuggestion',
              target: '#beneficiaryForm.checkingName',
              actions: assign({
                values: ({ context }) => ({ ...context.values, ...(context.suggestion ?? {}) }),
                revision: ({ context }) => context.revision + 1,
                check: null,
                suggestion: null,
              }),
            },
          },
        },
        noMatch: {
          description:
            "A warning that the name is not the account holder's and money may reach someone else; amend or save " +
            'anyway.',
        },
        notPossible: {
          description: "The holder's bank cannot check names; amend or save anyway.",
        },
      },
    },
    verificationFailed: {
      description: '"Beneficiary verification failed, try again later." Nothing is saved.',
      on: {
        'check.retry': {
          target: 'checkingName',
          description: 'The user asks to check the name again.',
          actions: 'clearErrors',
        },
        'form.amend': {
          target: 'editing',
          description: 'The user goes back to the form.',
          actions: ['clearErrors', assign({ revision: ({ context }) => context.revision + 1 })],
        },
      },
    },
    saving: {
      description:
        'A wallet beneficiary is saved; a bank one the user chose to save despite the name check is checked again ' +
        "and saved with the check's id, its result and that the mismatch was accepted.",
      tags: ['busy'],
      invoke: {
        id: 'saveBeneficiary',
        src: 'saveBeneficiary',
        input: ({ context }) => ({ id: context.id, body: bodyOf(context.values, context.check !== null) }),
        onDone: {
          target: 'saved',
          description: 'The beneficiary is saved.',
          actions: { type: 'recordSaved', params: ({ event }) => ({ beneficiary: event.output }) },
        },
        onError: [
          {
            description:
              'The server refused a field (an unknown wallet tag, a duplicate): the form marks it.',
            guard: { type: 'isFieldProblem', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            actions: [
              { type: 'recordFieldErrors', params: ({ event }) => ({ error: event.error }) },
              assign({ check: null, suggestion: null, revision: ({ context }) => context.revision + 1 }),
            ],
          },
          {
            target: 'editing',
            description:
              'Not saved (no answer, a server failure): the form says so and keeps what was typed.',
            actions: [
              { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
              assign({ check: null, suggestion: null, revision: ({ context }) => context.revision + 1 }),
            ],
          },
        ],
      },
    },
    saved: {
      type: 'final',
      description: 'The screen says "Beneficiary created" (or "updated") and goes back to the list.',
    },
  },
});

export type BeneficiaryFormSnapshot = SnapshotFrom<typeof beneficiaryFormMachine>;

export type BeneficiaryFormStep =
  | 'opening'
  | 'loading'
  | 'loadFailed'
  | 'form'
  | 'closeMatch'
  | 'noMatch'
  | 'notPossible'
  | 'verificationFailed'
  | 'saved';

/** Which part of the screen to show; screens use this instead of comparing state names. */
export function selectBeneficiaryFormStep(snapshot: BeneficiaryFormSnapshot): BeneficiaryFormStep {
  if (snapshot.matches('opening')) return 'opening';
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches({ nameCheck: 'closeMatch' })) return 'closeMatch';
  if (snapshot.matches({ nameCheck: 'noMatch' })) return 'noMatch';
  if (snapshot.matches({ nameCheck: 'notPossible' })) return 'notPossible';
  if (snapshot.matches('verificationFailed')) return 'verificationFailed';
  if (snapshot.matches('saved')) return 'saved';
  return 'form';
}

export const selectBeneficiaryFormBusy = (snapshot: BeneficiaryFormSnapshot): boolean =>
  snapshot.hasTag('busy');
export const selectCheckingName = (snapshot: BeneficiaryFormSnapshot): boolean =>
  snapshot.matches('checkingName');
export const selectBeneficiaryValues = (snapshot: BeneficiaryFormSnapshot): BeneficiaryDraft =>
  snapshot.context.values;
export const selectFormRevision = (snapshot: BeneficiaryFormSnapshot): number => snapshot.context.revision;
export const selectNameCheck = (snapshot: BeneficiaryFormSnapshot): NameCheck | null =>
  snapshot.context.check;
export const selectNameSuggestion = (snapshot: BeneficiaryFormSnapshot): NameSuggestion | null =>
  snapshot.context.suggestion;
export const selectBeneficiaryFormError = (snapshot: BeneficiaryFormSnapshot): BeneficiaryFormError | null =>
  snapshot.context.error;
export const selectServerFieldErrors = (snapshot: BeneficiaryFormSnapshot): Record<string, string> =>
  snapshot.context.fieldErrors;
export const selectEditingId = (snapshot: BeneficiaryFormSnapshot): string | null => snapshot.context.id;
export const selectOpened = (snapshot: BeneficiaryFormSnapshot): boolean => snapshot.context.opened;

import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  CampaignHeadline,
  CampaignLink,
  type AdvertisingPlan,
  type AdvertisingPurchaseBody,
  type Campaign,
} from '../schemas/advertising.schema';
import type { Money } from '../schemas/overview.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { attemptKeysOf, nextKey, type AttemptKeys, type KeyedInput } from './attemptKeys';

/*
 * Advertising (SPEC §1 "advertising", §2 /advertise-with-us, §7 "advertising plans", §8 "Payment successful",
 * "Payment failed, possibly from insufficient balance; try again later.").
 *
 * loading (loadAdvertising: the plans on sale, the available balance, the merchant's campaigns) → browsing (plans with
 * name, reach, duration and price; the campaigns with status and dates) → choose a plan → details (headline, link,
 * start day; checked here as the server checks them) → reviewing (plan, details, price and the available balance) →
 * paying (purchaseAdvertisingPlan with one Idempotency-Key per order: a retry after no answer cannot pay twice; a
 * changed order gets a new key) → paid ("Payment successful"; back to the plans reads everything again), or
 * paymentFailed ("Payment failed, possibly from insufficient balance; try again later."; try again with the same key,
 * or back to the plans); details the server refuses go back to the details with the field marked.
 */

const knownAdvertisingError = knownErrors([
  'insufficient_funds',
  'not_found',
  'conflict',
  'forbidden',
  'rate_limited',
  'network',
]);
export type AdvertisingError = ReturnType<typeof knownAdvertisingError>;

export function toAdvertisingError(error: unknown): AdvertisingError {
  const failure = toApiFailure(error);
  // Every 403 (a viewer, a merchant not approved) reads as "not allowed", whatever its code.
  if (failure.kind === 'http' && failure.status === 403) return 'forbidden';
  return knownAdvertisingError(error);
}

/** What is wrong with a detail, in words the screen translates. */
export type DetailProblem = 'required' | 'tooShort' | 'tooLong' | 'invalid';
export type DetailProblems = Partial<Record<'headline' | 'link' | 'startDate', DetailProblem>>;

export type CampaignDetails = { headline: string; link: string; startDate: string | null };

export type AdvertisingData = {
  plans: AdvertisingPlan[];
  /** The available balance in the plans' currency; null without such an account. */
  available: Money | null;
  /** The merchant's campaigns; null when this user may not see the company's spending (an `own` employee). */
  campaigns: Campaign[] | null;
};

export type PurchaseInput = { planId: string; body: AdvertisingPurchaseBody; idempotencyKey: string };

export type AdvertisingContext = {
  data: AdvertisingData | null;
  planId: string | null;
  details: CampaignDetails | null;
  problems: DetailProblems;
  /** The order the key was made for (plan and details as sent): a changed order needs a new key. */
  order: string | null;
  idempotencyKey: string | null;
  /** Where the keys come from: the journey's seed and how many were made (machines/attemptKeys.ts). */
  keys: AttemptKeys;
  result: Campaign | null;
  error: AdvertisingError | null;
};

export type AdvertisingEvent =
  | { type: 'load.retry' }
  | { type: 'plan.choose'; planId: string }
  | { type: 'details.submit'; details: CampaignDetails }
  | { type: 'details.back' }
  | { type: 'review.confirm' }
  | { type: 'review.back' }
  | { type: 'payment.retry' }
  | { type: 'result.done' };

function notProvided(name: string): never {
  throw new Error(`The app must provide the "${name}" actor`);
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

/** The details as the server will judge them (schemas/advertising.schema.ts); empty when they would pass. */
export function detailProblems(details: CampaignDetails): DetailProblems {
  const problems: DetailProblems = {};
  const headline = details.headline.trim();
  if (headline === '') problems.headline = 'required';
  else if (!CampaignHeadline.safeParse(headline).success) {
    if (headline.length < 5) problems.headline = 'tooShort';
    else if (headline.length > 60) problems.headline = 'tooLong';
    else problems.headline = 'invalid';
  }
  const link = details.link.trim();
  if (link === '') problems.link = 'required';
  else if (link.length > 200) problems.link = 'tooLong';
  else if (!CampaignLink.safeParse(link).success) problems.link = 'invalid';
  if (details.startDate !== null && !dayPattern.test(details.startDate)) problems.startDate = 'invalid';
  return problems;
}

const hasProblems = (problems: DetailProblems) => Object.keys(problems).length > 0;

/** The purchase body of the details. */
export function purchaseBody(details: CampaignDetails): AdvertisingPurchaseBody {
  return {
    headline: details.headline.trim(),
    link: details.link.trim(),
    ...(details.startDate ? { start_date: details.startDate } : {}),
  };
}

function orderOf(context: AdvertisingContext): string {
  return JSON.stringify({
    plan: context.planId,
    body: context.details ? purchaseBody(context.details) : null,
  });
}

/** The server's field errors (400 validation_failed) as problems of the form. */
function problemsFromServer(error: unknown): DetailProblems {
  const failure = toApiFailure(error);
  const fields = failure.kind === 'http' ? (failure.fields ?? {}) : {};
  const problems: DetailProblems = {};
  for (const key of Object.keys(fields)) {
    if (key.startsWith('headline')) problems.headline = 'invalid';
    else if (key.startsWith('link')) problems.link = 'invalid';
    else if (key.startsWith('start_date')) problems.startDate = 'invalid';
  }
  // A refusal that names no field of the form still has to say something: the start day is the one rule the
  // browser cannot check for sure (today in Athens).
  return hasProblems(problems) ? problems : { startDate: 'invalid' };
}

export function selectedPlanOf(context: AdvertisingContext): AdvertisingPlan | null {
  return context.data?.plans.find((plan) => plan.id === context.planId) ?? null;
}

/** Whether the available balance covers the chosen plan's price (the server decides; this only warns). */
export function canAfford(context: AdvertisingContext): boolean {
  const plan = selectedPlanOf(context);
  const available = context.data?.available;
  if (!plan || !available || available.currency !== plan.price.currency) return false;
  return BigInt(available.amount_minor) >= BigInt(plan.price.amount_minor);
}

const forgetOrder = { planId: null, details: null, problems: {}, order: null, idempotencyKey: null } as const;

export const advertisingMachine = setup({
  types: {
    context: {} as AdvertisingContext,
    input: {} as KeyedInput,
    events: {} as AdvertisingEvent,
  },
  actors: {
    loadAdvertising: fromPromise<AdvertisingData, void>(async () => notProvided('loadAdvertising')),
    purchaseAdvertisingPlan: fromPromise<Campaign, PurchaseInput>(async () =>
      notProvided('purchaseAdvertisingPlan'),
    ),
  },
  actions: {
    recordError: assign({ error: (_, params: { error: unknown }) => toAdvertisingError(params.error) }),
    clearError: assign({ error: null }),
  },
  guards: {
    isPlanOnSale: ({ context, event }) =>
      event.type === 'plan.choose' && (context.data?.plans ?? []).some((plan) => plan.id === event.planId),
    areDetailsValid: ({ event }) =>
      event.type === 'details.submit' && !hasProblems(detailProblems(event.details)),
    isRefusedDetail: (_, params: { error: unknown }) => failureCode(params.error) === 'validation_failed',
  },
}).createMachine({
  id: 'advertising',
  context: ({ input }) => ({
    data: null,
    ...forgetOrder,
    keys: attemptKeysOf(input),
    result: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadAdvertising',
        src: 'loadAdvertising',
        onDone: {
          target: 'browsing',
          actions: [assign({ data: ({ event }) => event.output }), 'clearError'],
        },
        onError: {
          target: 'loadFailed',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      on: { 'load.retry': { target: 'loading', actions: 'clearError' } },
    },
    /** The plans on sale and the merchant's campaigns. */
    browsing: {
      on: {
        'plan.choose': {
          guard: 'isPlanOnSale',
          target: 'details',
          actions: [
            'clearError',
            assign(({ context, event }) =>
              // Choosing another plan keeps what was typed; the key follows the order in `reviewing`.
              ({ planId: event.planId, problems: {}, result: null, details: context.details }),
            ),
          ],
        },
      },
    },
    /** Headline, link and the first day; checked as the server checks them. */
    details: {
      on: {
        'details.submit': [
          {
            guard: 'areDetailsValid',
            target: 'reviewing',
            actions: assign(({ context, event }) => {
              const next = { ...context, details: event.details, problems: {} };
              const order = orderOf(next);
              const same = order === context.order && context.idempotencyKey !== null;
              const fresh = same ? null : nextKey(context.keys);
              return {
                details: event.details,
                problems: {},
                order,
                idempotencyKey: fresh ? fresh.key : context.idempotencyKey,
                keys: fresh ? fresh.keys : context.keys,
              };
            }),
          },
          {
            actions: assign({
              details: ({ event }) => event.details,
              problems: ({ event }) => detailProblems(event.details),
            }),
          },
        ],
        'details.back': { target: 'browsing', actions: ['clearError', assign({ problems: {} })] },
      },
    },
    /** Plan, details, price and the available balance; pay or change the details. */
    reviewing: {
      on: {
        'review.confirm': { target: 'paying', actions: 'clearError' },
        'review.back': { target: 'details', actions: 'clearError' },
      },
    },
    paying: {
      tags: ['busy'],
      invoke: {
        id: 'purchaseAdvertisingPlan',
        src: 'purchaseAdvertisingPlan',
        input: ({ context }) => ({
          planId: context.planId ?? '',
          body: purchaseBody(context.details ?? { headline: '', link: '', startDate: null }),
          idempotencyKey: context.idempotencyKey ?? '',
        }),
        onDone: {
          target: 'paid',
          actions: assign({ result: ({ event }) => event.output, ...forgetOrder }),
        },
        onError: [
          {
            guard: { type: 'isRefusedDetail', params: ({ event }) => ({ error: event.error }) },
            target: 'details',
            actions: assign({ problems: ({ event }) => problemsFromServer(event.error) }),
          },
          {
            target: 'paymentFailed',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    /** "Payment successful": the campaign as booked. */
    paid: {
      on: { 'result.done': { target: 'loading', actions: assign({ result: null }) } },
    },
    /** "Payment failed…": the same order can be paid again with the same key, or given up. */
    paymentFailed: {
      on: {
        'payment.retry': { target: 'paying', actions: 'clearError' },
        'result.done': { target: 'loading', actions: ['clearError', assign({ ...forgetOrder })] },
      },
    },
  },
});

export type AdvertisingSnapshot = SnapshotFrom<typeof advertisingMachine>;
export type AdvertisingStep =
  'loading' | 'loadFailed' | 'browsing' | 'details' | 'review' | 'paid' | 'paymentFailed';

export function selectAdvertisingStep(snapshot: AdvertisingSnapshot): AdvertisingStep {
  if (snapshot.matches('loading')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('details')) return 'details';
  if (snapshot.matches('reviewing') || snapshot.matches('paying')) return 'review';
  if (snapshot.matches('paid')) return 'paid';
  if (snapshot.matches('paymentFailed')) return 'paymentFailed';
  return 'browsing';
}

export const selectAdvertisingBusy = (snapshot: AdvertisingSnapshot): boolean => snapshot.hasTag('busy');
export const selectPaying = (snapshot: AdvertisingSnapshot): boolean => snapshot.matches('paying');
export const selectAdvertisingData = (snapshot: AdvertisingSnapshot): AdvertisingData | null =>
  snapshot.context.data;
export const selectChosenPlan = (snapshot: AdvertisingSnapshot): AdvertisingPlan | null =>
  selectedPlanOf(snapshot.context);
export const selectDetails = (snapshot: AdvertisingSnapshot): CampaignDetails | null =>
  snapshot.context.details;
export const selectProblems = (snapshot: AdvertisingSnapshot): DetailProblems => snapshot.context.problems;
export const selectResult = (snapshot: AdvertisingSnapshot): Campaign | null => snapshot.context.result;
export const selectAdvertisingError = (snapshot: AdvertisingSnapshot): AdvertisingError | null =>
  snapshot.context.error;
export const selectCanAfford = (snapshot: AdvertisingSnapshot): boolean => canAfford(snapshot.context);

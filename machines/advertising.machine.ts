import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import {
  campaignHeadlineLength,
  campaignLinkMaxLength,
  campaignMaxLeadDays,
  CampaignHeadline,
  CampaignLink,
  type AdvertisingPlan,
  type AdvertisingPurchaseBody,
  type Campaign,
} from '../schemas/advertising.schema';
import type { Money } from '../schemas/overview.schema';
import { failureCode, knownErrors, toApiFailure } from './apiFailure';
import { attemptKeysOf, nextKey, type AttemptKeys, type KeyedInput } from './attemptKeys';
import { count } from './ruleWords';

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
    if (headline.length < campaignHeadlineLength.min) problems.headline = 'tooShort';
    else if (headline.length > campaignHeadlineLength.max) problems.headline = 'tooLong';
    else problems.headline = 'invalid';
  }
  const link = details.link.trim();
  if (link === '') problems.link = 'required';
  else if (link.length > campaignLinkMaxLength) problems.link = 'tooLong';
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
      description:
        "The advertising plans on sale, the available balance and the merchant's campaigns are read.",
      tags: ['busy'],
      invoke: {
        id: 'loadAdvertising',
        src: 'loadAdvertising',
        onDone: {
          target: 'browsing',
          description: 'The plans and the campaigns are shown.',
          actions: [assign({ data: ({ event }) => event.output }), 'clearError'],
        },
        onError: {
          target: 'loadFailed',
          description: 'The plans could not be read; nothing changed.',
          actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The plans could not be read: the page says so and offers to try again.',
      on: {
        'load.retry': {
          target: 'loading',
          description: 'The user asks to read the plans again.',
          actions: 'clearError',
        },
      },
    },
    browsing: {
      description:
        "The plans on sale with name, estimated reach, duration and price (VAT included), and the merchant's " +
        'campaigns with status and dates (not shown to an employee who sees only their own spending).',
      on: {
        'plan.choose': {
          description: 'The user chooses a plan on sale; what was typed before is kept.',
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
    details: {
      description:
        `The headline (${campaignHeadlineLength.min} to ${count(campaignHeadlineLength.max, 'character')}), an ` +
        `https link (up to ${count(campaignLinkMaxLength, 'character')}) and the first day: today (Athens time) or ` +
        `up to ${count(campaignMaxLeadDays, 'day')} ahead. Checked here as the server checks them.`,
      on: {
        'details.submit': [
          {
            description:
              'The details pass: the review. The same order as before keeps its payment key; a changed one gets a ' +
              'new key.',
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
            description: 'A detail does not pass: each one is marked under its field; nothing is sent.',
            actions: assign({
              details: ({ event }) => event.details,
              problems: ({ event }) => detailProblems(event.details),
            }),
          },
        ],
        'details.back': {
          target: 'browsing',
          description: 'The user goes back to the plans.',
          actions: ['clearError', assign({ problems: {} })],
        },
      },
    },
    reviewing: {
      description:
        'The plan, the details, the price and the available balance (a warning when it is lower; the server ' +
        'decides); pay, or change the details.',
      on: {
        'review.confirm': {
          target: 'paying',
          description: 'The user pays from the wallet.',
          actions: 'clearError',
        },
        'review.back': {
          target: 'details',
          description: 'The user changes the details.',
          actions: 'clearError',
        },
      },
    },
    paying: {
      description:
        "The server takes the price from the wallet and books the campaign, with the order's payment key: a retry " +
        'after no answer cannot pay twice.',
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
          description: '"Payment successful": the campaign is booked (scheduled, or active from today).',
          actions: assign({ result: ({ event }) => event.output, ...forgetOrder }),
        },
        onError: [
          {
            description:
              'The server refused a detail (often the first day): back to the details, marked; nothing paid.',
            guard: { type: 'isRefusedDetail', params: ({ event }) => ({ error: event.error }) },
            target: 'details',
            actions: assign({ problems: ({ event }) => problemsFromServer(event.error) }),
          },
          {
            target: 'paymentFailed',
            description: 'Not paid (not enough money, not allowed, or no answer).',
            actions: { type: 'recordError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    paid: {
      description: '"Payment successful": the campaign as booked.',
      on: {
        'result.done': {
          target: 'loading',
          description: 'Back to the plans, read afresh with the new campaign.',
          actions: assign({ result: null }),
        },
      },
    },
    paymentFailed: {
      description:
        '"Payment failed, possibly from insufficient balance; try again later." The same order can be paid again ' +
        'with the same key, or given up.',
      on: {
        'payment.retry': {
          target: 'paying',
          description: 'The user pays again: the same order with the same key, so it is paid at most once.',
          actions: 'clearError',
        },
        'result.done': {
          target: 'loading',
          description: 'The user gives the order up: back to the plans; nothing was paid.',
          actions: ['clearError', assign({ ...forgetOrder })],
        },
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

import type { ApiFailure } from '../../machines/apiFailure';
import {
  advertisingMachine,
  selectAdvertisingStep,
  type AdvertisingContext,
  type AdvertisingData,
  type AdvertisingError,
  type AdvertisingEvent,
  type AdvertisingSnapshot,
} from '../../machines/advertising.machine';
import { testKeySeed } from '../../machines/attemptKeys';
import { money } from '../../machines/ruleWords';
import type { AdvertisingPlan, Campaign } from '../../schemas/advertising.schema';
import {
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
  failureWords,
  pathTitle,
} from './generatePaths';

/*
 * The test model of advertising (machines/advertising.machine.ts), run on the real screen at /advertise-with-us by
 * advertising.model.test.tsx, signed in as the owner of Demo Coffee (€1,800.00 available) on 2026-01-15: two plans on
 * sale (Spotlight €49.00 for 7 days, Premium €5,000.00 for 30 days) and one earlier campaign that has ended.
 */

export const advertisingPath = '/advertise-with-us';

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });

export const spotlight = {
  id: 'spotlight',
  name: 'Spotlight',
  reach: 5000,
  duration_days: 7,
  price: eur('4900'),
  placements: ['dashboard', 'wallet_directory'],
} satisfies AdvertisingPlan;

export const premium = {
  id: 'premium',
  name: 'Premium',
  reach: 120000,
  duration_days: 30,
  price: eur('500000'),
  placements: ['dashboard', 'wallet_directory', 'newsletter', 'push_notification'],
} satisfies AdvertisingPlan;

const owner = { id: '00000000-0000-4000-8000-000000000001', name: 'Dora Demou' };

export const endedCampaign = {
  id: '00000000-0000-4000-8000-0000000000d1',
  plan: { id: 'spotlight', name: 'Spotlight', reach: 5000, duration_days: 7 },
  headline: 'Winter blend is here',
  link: 'https://demo-coffee.example/winter',
  status: 'ended',
  start_date: '2025-12-01',
  end_date: '2025-12-07',
  starts_at: '2025-11-30T22:00:00.000Z',
  ends_at: '2025-12-07T22:00:00.000Z',
  price: eur('4900'),
  transaction_id: '00000000-0000-4000-8000-0000000000f1',
  purchased_by: owner,
  created_at: '2025-11-30T10:00:00.000Z',
  rejection_reason: null,
  refund_transaction_id: null,
  delivery: {
    reach: 5000,
    impressions: 1200,
    clicks: 37,
    placements: [{ placement: 'dashboard', impressions: 1200, clicks: 37 }],
  },
} satisfies Campaign;

export const advertisingData: AdvertisingData = {
  plans: [spotlight, premium],
  available: eur('180000'),
  campaigns: [endedCampaign],
};

export const goodDetails = {
  headline: 'Fresh coffee every morning',
  link: 'https://demo-coffee.example',
  startDate: null,
};
export const badDetails = { headline: 'Hi', link: 'ftp://demo-coffee.example', startDate: null };

/** The campaign the server books for the details as sent. */
function booked(context: AdvertisingContext): Campaign {
  return {
    ...endedCampaign,
    id: '00000000-0000-4000-8000-0000000000d2',
    headline: context.details?.headline ?? goodDetails.headline,
    link: context.details?.link ?? goodDetails.link,
    status: 'in_review',
    delivery: {
      reach: 5000,
      impressions: 0,
      clicks: 0,
      placements: [{ placement: 'dashboard', impressions: 0, clicks: 0 }],
    },
    start_date: '2026-01-15',
    end_date: '2026-01-21',
    starts_at: '2026-01-14T22:00:00.000Z',
    ends_at: '2026-01-21T22:00:00.000Z',
    transaction_id: '00000000-0000-4000-8000-0000000000f2',
    created_at: '2026-01-15T09:00:00.000Z',
  };
}

const planOf = (planId: string | null) => [spotlight, premium].find((one) => one.id === planId) ?? spotlight;
const priceWords = (plan: AdvertisingPlan) => money(plan.price.amount_minor, plan.price.currency);

/**
 * What buying a plan changes (server/advertising/advertising.ts `purchaseAdvertisingPlan`): in one transaction the
 * price goes to the bank's fee income and the campaign is stored.
 */
function purchaseEffect(context: AdvertisingContext): string {
  const plan = planOf(context.planId);
  const campaign = booked(context);
  return (
    `the ${plan.price.currency} available balance falls by ${priceWords(plan)} (a completed advertising transfer to ` +
    `Tameio Advertising, reference “Advertising: ${plan.name}, ${campaign.start_date} to ${campaign.end_date}”); ` +
    `the campaign is stored (advertising_campaigns: plan ${plan.id}, headline "${campaign.headline}", link ` +
    `${campaign.link}, start_date ${campaign.start_date}, end_date ${campaign.end_date} (${plan.duration_days} days), ` +
    `price ${priceWords(plan)}, transfer_id, purchased_by ${owner.name}) and listed as active from today.`
  );
}

const http = (
  status: number,
  code: string,
  message: string,
  extra: Partial<Extract<ApiFailure, { kind: 'http' }>> = {},
) => ({ kind: 'http', status, code, message, ...extra }) satisfies ApiFailure;

export const advertisingTexts = {
  title: 'Advertise with us',
  retry: 'Try again',
  choose: 'Choose Spotlight',
  detailsTitle: 'Your advertisement',
  headline: 'Headline',
  link: 'Link',
  continue: 'Continue',
  backToPlans: 'Back to the plans',
  reviewTitle: 'Check and pay',
  pay: 'Pay €49.00',
  change: 'Change the details',
  paidTitle: 'Campaign booked',
  paidToast: 'Payment successful',
  failedTitle: 'Payment failed',
  failedToast: 'Payment failed, possibly from insufficient balance; try again later.',
};

export function advertisingErrorText(error: AdvertisingError): string {
  switch (error) {
    case 'insufficient_funds':
      return 'There is not enough money in your account for this plan. Top up your account, then try again.';
    case 'not_found':
      return 'This plan is no longer on sale. Go back to the plans and choose another.';
    case 'conflict':
      return 'This order was already sent with other details. Go back to the plans and start again.';
    case 'forbidden':
      return 'You may not pay from the wallet. Ask the owner of your company to buy the plan.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a moment and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'unknown':
      return 'Something went wrong. Please try again.';
  }
}

export const advertisingFixtures = {
  events: {
    'load.retry': [{ event: { type: 'load.retry' }, does: 'Click "Try again"' }],
    'plan.choose': [
      { event: { type: 'plan.choose', planId: spotlight.id }, does: `Click "${advertisingTexts.choose}"` },
    ],
    'details.submit': [
      {
        event: { type: 'details.submit', details: goodDetails },
        does: `Type "${goodDetails.headline}" as Headline and "${goodDetails.link}" as Link, keep today as First day, click "Continue"`,
      },
      {
        event: { type: 'details.submit', details: badDetails },
        does: `Type "${badDetails.headline}" as Headline and "${badDetails.link}" as Link, click "Continue"`,
      },
    ],
    'details.back': [{ event: { type: 'details.back' }, does: 'Click "Back to the plans"' }],
    'review.confirm': [{ event: { type: 'review.confirm' }, does: `Click "${advertisingTexts.pay}"` }],
    'review.back': [{ event: { type: 'review.back' }, does: `Click "${advertisingTexts.change}"` }],
    'payment.retry': [{ event: { type: 'payment.retry' }, does: 'Click "Try again"' }],
    'result.done': [{ event: { type: 'result.done' }, does: 'Click "Back to the plans"' }],
  },
  actors: {
    loadAdvertising: {
      done: {
        output: advertisingData,
        says: 'Server sends the plans (Spotlight €49.00, Premium €5,000.00), €1,800.00 available and one ended campaign',
      },
      errors: [{ failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' }],
    },
    purchaseAdvertisingPlan: {
      done: {
        output: booked,
        effect: purchaseEffect,
        says: 'Server takes €49.00 from the EUR account and books the campaign (active from today)',
      },
      errors: [
        {
          failure: http(
            422,
            'insufficient_funds',
            'Payment failed, possibly from insufficient balance; try again later.',
          ),
          says: 'Server answers 422 insufficient_funds (the balance was spent meanwhile)',
        },
        {
          failure: { kind: 'network' },
          says: 'The network fails (no answer: the same key may be sent again)',
        },
        {
          failure: http(400, 'validation_failed', 'Invalid request.', {
            fields: { start_date: 'The first day must be today or later.' },
          }),
          says: 'Server answers 400 validation_failed for start_date (midnight passed in Athens)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof advertisingMachine>;

function advertisingScreen(snapshot: AdvertisingSnapshot): ScreenExpectation {
  const t = advertisingTexts;
  const path = advertisingPath;
  const { error } = snapshot.context;
  const alert = error ? advertisingErrorText(error) : null;
  switch (selectAdvertisingStep(snapshot)) {
    case 'loading':
      return { path, heading: null };
    case 'loadFailed':
      return { path, heading: t.title, alert, enabled: [t.retry] };
    case 'browsing':
      return { path, heading: t.title, alert, enabled: [t.choose] };
    case 'details':
      return { path, heading: t.detailsTitle, alert: null, enabled: [t.continue, t.backToPlans] };
    case 'review': {
      const paying = snapshot.matches('paying');
      return {
        path,
        heading: t.reviewTitle,
        alert: null,
        ...(paying ? { disabled: [t.pay, t.change] } : { enabled: [t.pay, t.change] }),
      };
    }
    case 'paid':
      return { path, heading: t.paidTitle, alert: null, toast: t.paidToast, enabled: [t.backToPlans] };
    case 'paymentFailed':
      return { path, heading: t.failedTitle, alert, toast: t.failedToast, enabled: [t.retry, t.backToPlans] };
  }
}

const answerOf: Record<string, string> = {
  loadAdvertising: 'the advertising page',
  purchaseAdvertisingPlan: 'the purchase',
};

const refusalWords: Record<string, string> = {
  insufficient_funds: 'insufficient funds',
  validation_failed: 'the first day has passed',
};

type AdvertisingStepOfPath = ModelPath<AdvertisingSnapshot>['steps'][number];

/**
 * A decision of a path, in a few words (null: a step that decides nothing, e.g. an answer every path gets). A
 * campaign booked is named where the path goes on after it (at the end, the end names it).
 */
function decisionWords(
  step: AdvertisingStepOfPath,
  index: number,
  steps: AdvertisingStepOfPath[],
): string | null {
  const { action, state } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorDone':
      return action.src === 'purchaseAdvertisingPlan' && index < steps.length - 1 ? 'booked' : null;
    case 'actorError':
      return failureWords(action, answerOf[action.src] ?? action.src, refusalWords);
    case 'event': {
      const event = action.event as AdvertisingEvent;
      switch (event.type) {
        case 'load.retry':
          return 'load again';
        case 'plan.choose':
          return `choose ${planOf(event.planId).name}`;
        case 'details.submit':
          // Details the form refuses stay beside their fields: nothing is sent.
          return Object.keys(state.context.problems).length
            ? 'a short headline and an ftp link, refused beside the fields'
            : 'headline and link from today';
        case 'details.back':
        case 'result.done':
          return 'back to the plans';
        case 'review.confirm':
          return `pay ${priceWords(planOf(state.context.planId))}`;
        case 'review.back':
          return 'change the details';
        case 'payment.retry':
          return 'try again';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the plan and details, the payment, the refusals and faults, where it ends. */
export function advertisingTitle(path: ModelPath<AdvertisingSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const screen = advertisingScreen(last);
  const end =
    selectAdvertisingStep(last) === 'paid'
      ? 'campaign booked'
      : screen.heading === null
        ? 'stops while the advertising plans load'
        : last.hasTag('busy')
          ? `waits on “${screen.heading}”`
          : `stops on “${screen.heading}”`;
  return pathTitle(path, decisionWords, end);
}

export const advertisingModel: Model<typeof advertisingMachine> = {
  name: 'advertising',
  machine: advertisingMachine,
  file: 'advertising.machine.ts',
  start: `Open ${advertisingPath} as the owner of Demo Coffee (the "Advertise with us" link in the main navigation)`,
  // The journey's Idempotency-Keys come from a fixed seed (machines/attemptKeys.ts), as in the model test.
  input: { keySeed: testKeySeed },
  fixtures: advertisingFixtures,
  // The Idempotency-Key changes nothing on screen: what the screen shows is the step, the error, the marked fields
  // and what was typed.
  serialize: (snapshot) =>
    JSON.stringify({
      value: snapshot.value,
      error: snapshot.context.error,
      plan: snapshot.context.planId,
      details: snapshot.context.details?.headline ?? null,
      problems: Object.keys(snapshot.context.problems).sort(),
      result: snapshot.context.result !== null,
    }),
  bounds: { maxDepth: 8, simplePerState: 1, maxSimple: 8 },
  screen: advertisingScreen,
  title: advertisingTitle,
};

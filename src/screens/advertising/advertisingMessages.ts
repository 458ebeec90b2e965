import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { AdvertisingError, DetailProblem } from '../../../machines/advertising.machine';
import type { AdvertisingPlan, CampaignStatus } from '../../../schemas/advertising.schema';
import { errorMessages } from '../../i18n/errorMessages';

type Values = Record<string, string>;

export const advertisingText = {
  ...defineMessages({
    title: { id: 'advertising.title', defaultMessage: 'Advertise with us' },
    intro: {
      id: 'advertising.intro',
      defaultMessage:
        'Show your business to other Tameio merchants. Choose a plan, write your advertisement and pay from your wallet.',
    },
    plans: { id: 'advertising.plans', defaultMessage: 'Advertising plans' },
    noPlans: { id: 'advertising.noPlans', defaultMessage: 'No advertising plans are on sale at the moment.' },
    reach: { id: 'advertising.reach', defaultMessage: 'Reach' },
    duration: { id: 'advertising.duration', defaultMessage: 'Duration' },
    price: { id: 'advertising.price', defaultMessage: 'Price' },
    placements: { id: 'advertising.placements', defaultMessage: 'Shown in' },
    available: { id: 'advertising.available', defaultMessage: 'Available balance' },
    noAccount: {
      id: 'advertising.noAccount',
      defaultMessage: 'You have no account in the plans’ currency, so a plan cannot be paid.',
    },
    ownerOnly: {
      id: 'advertising.ownerOnly',
      defaultMessage: 'Buying advertising pays from the wallet: ask the owner of your company to buy a plan.',
    },
    campaigns: { id: 'advertising.campaigns', defaultMessage: 'Your campaigns' },
    noCampaigns: { id: 'advertising.noCampaigns', defaultMessage: 'You have no campaigns yet.' },
    status: { id: 'advertising.status', defaultMessage: 'Status' },
    plan: { id: 'advertising.plan', defaultMessage: 'Plan' },
    headline: { id: 'advertising.headline', defaultMessage: 'Headline' },
    headlineHint: {
      id: 'advertising.headlineHint',
      defaultMessage: '5 to 60 characters, shown as plain text.',
    },
    link: { id: 'advertising.link', defaultMessage: 'Link' },
    linkHint: {
      id: 'advertising.linkHint',
      defaultMessage: 'Where the advertisement leads: an https:// address, e.g. https://example.com.',
    },
    startDate: { id: 'advertising.startDate', defaultMessage: 'First day' },
    startDateHint: {
      id: 'advertising.startDateHint',
      defaultMessage: 'Today or up to 90 days ahead. Leave it as it is to start today.',
    },
    detailsTitle: { id: 'advertising.details.title', defaultMessage: 'Your advertisement' },
    continue: { id: 'advertising.details.continue', defaultMessage: 'Continue' },
    backToPlans: { id: 'advertising.backToPlans', defaultMessage: 'Back to the plans' },
    reviewTitle: { id: 'advertising.review.title', defaultMessage: 'Check and pay' },
    changeDetails: { id: 'advertising.review.change', defaultMessage: 'Change the details' },
    today: { id: 'advertising.today', defaultMessage: 'Today' },
    lowBalance: {
      id: 'advertising.review.lowBalance',
      defaultMessage: 'Your available balance is lower than the price. Top up your account first.',
    },
    paidTitle: { id: 'advertising.paid.title', defaultMessage: 'Campaign booked' },
    paidToast: { id: 'advertising.paid.toast', defaultMessage: 'Payment successful' },
    failedTitle: { id: 'advertising.failed.title', defaultMessage: 'Payment failed' },
    failedToast: {
      id: 'advertising.failed.toast',
      defaultMessage: 'Payment failed, possibly from insufficient balance; try again later.',
    },
    retry: { id: 'advertising.retry', defaultMessage: 'Try again' },
  }),
  choose: defineMessage<Values>({ id: 'advertising.choose', defaultMessage: 'Choose {name}' }),
  pay: defineMessage<Values>({ id: 'advertising.pay', defaultMessage: 'Pay {amount}' }),
  reachValue: defineMessage<{ reach: number }>({
    id: 'advertising.reach.value',
    defaultMessage: 'About {reach, number} people',
  }),
  durationValue: defineMessage<{ days: number }>({
    id: 'advertising.duration.value',
    defaultMessage: '{days, plural, one {# day} other {# days}}',
  }),
  planPrice: defineMessage<Values>({ id: 'advertising.planPrice', defaultMessage: '{plan} · {price}' }),
  range: defineMessage<Values>({ id: 'advertising.range', defaultMessage: '{from} to {to}' }),
  chosen: defineMessage<Values>({
    id: 'advertising.details.chosen',
    defaultMessage: '{plan}: {price} for {duration}.',
  }),
  paidBody: defineMessage<Values>({
    id: 'advertising.paid.bodyInReview',
    defaultMessage:
      '“{headline}” is booked for {dates}. {amount} was paid from your account. The bank checks every advertisement before other merchants see it; if it is not approved, the price is refunded in full.',
  }),
  rejected: defineMessage<Values>({
    id: 'advertising.campaign.rejected',
    defaultMessage: 'Not approved by the bank: {reason} {amount} was refunded to your account.',
  }),
  impressionsValue: defineMessage<{ impressions: number; reach: number }>({
    id: 'advertising.delivery.impressionsValue',
    defaultMessage: '{impressions, number} of {reach, number}',
  }),
  clicksValue: defineMessage<{ clicks: number }>({
    id: 'advertising.delivery.clicksValue',
    defaultMessage: '{clicks, number}',
  }),
  ...defineMessages({
    inReview: {
      id: 'advertising.campaign.inReview',
      defaultMessage: 'The bank checks this advertisement before other merchants see it.',
    },
    delivery: { id: 'advertising.delivery.title', defaultMessage: 'Delivery' },
    impressions: { id: 'advertising.delivery.impressions', defaultMessage: 'Times shown' },
    clicks: { id: 'advertising.delivery.clicks', defaultMessage: 'Clicks' },
    placement: { id: 'advertising.delivery.placement', defaultMessage: 'Where' },
    perPlacement: {
      id: 'advertising.delivery.perPlacement',
      defaultMessage: 'Times shown and clicks per placement',
    },
  }),
};

/** The sponsored card and entry (SponsoredCard.tsx). */
export const sponsoredText = {
  label: defineMessage({ id: 'advertising.sponsored.label', defaultMessage: 'Sponsored' }),
  by: defineMessage<Values>({
    id: 'advertising.sponsored.by',
    defaultMessage: 'An advertisement of {advertiser}, a Tameio merchant',
  }),
};

const statusTexts = defineMessages<CampaignStatus>({
  in_review: { id: 'advertising.status.in_review', defaultMessage: 'Being reviewed by the bank' },
  rejected: { id: 'advertising.status.rejected', defaultMessage: 'Rejected, refunded' },
  scheduled: { id: 'advertising.status.scheduled', defaultMessage: 'Scheduled' },
  active: { id: 'advertising.status.active', defaultMessage: 'Active' },
  stopped_at_reach: { id: 'advertising.status.stopped_at_reach', defaultMessage: 'Reach reached, stopped' },
  ended: { id: 'advertising.status.ended', defaultMessage: 'Ended' },
});

export function campaignStatusText(intl: IntlShape, status: CampaignStatus): string {
  return intl.formatMessage(statusTexts[status]);
}

type Placement = AdvertisingPlan['placements'][number];
const placementTexts = defineMessages<Placement>({
  dashboard: { id: 'advertising.placement.dashboard', defaultMessage: 'Other merchants’ dashboards' },
  wallet_directory: { id: 'advertising.placement.wallet_directory', defaultMessage: 'The wallet directory' },
  newsletter: { id: 'advertising.placement.newsletter', defaultMessage: 'The monthly newsletter' },
  push_notification: { id: 'advertising.placement.push_notification', defaultMessage: 'A push notification' },
});

export function placementText(intl: IntlShape, placement: Placement): string {
  return intl.formatMessage(placementTexts[placement]);
}

const problemTexts = {
  headline: defineMessages<DetailProblem>({
    required: { id: 'advertising.headline.required', defaultMessage: 'Write a headline.' },
    tooShort: { id: 'advertising.headline.tooShort', defaultMessage: 'Min 5 characters.' },
    tooLong: { id: 'advertising.headline.tooLong', defaultMessage: 'Max 60 characters.' },
    invalid: {
      id: 'advertising.headline.invalid',
      defaultMessage: 'Special characters not allowed: no < or >.',
    },
  }),
  link: defineMessages<DetailProblem>({
    required: {
      id: 'advertising.link.required',
      defaultMessage: 'Give the address the advertisement leads to.',
    },
    tooShort: { id: 'advertising.link.tooShort', defaultMessage: 'Give a whole address.' },
    tooLong: { id: 'advertising.link.tooLong', defaultMessage: 'Max 200 characters.' },
    invalid: {
      id: 'advertising.link.invalid',
      defaultMessage: 'An https:// web address, e.g. https://example.com.',
    },
  }),
  startDate: defineMessages<DetailProblem>({
    required: { id: 'advertising.startDate.required', defaultMessage: 'Choose the first day.' },
    tooShort: { id: 'advertising.startDate.tooShort', defaultMessage: 'Choose the first day.' },
    tooLong: { id: 'advertising.startDate.tooLong', defaultMessage: 'Choose the first day.' },
    invalid: {
      id: 'advertising.startDate.invalid',
      defaultMessage: 'Choose a day from today up to 90 days ahead.',
    },
  }),
};

export function detailProblemText(
  intl: IntlShape,
  field: 'headline' | 'link' | 'startDate',
  problem: DetailProblem,
): string {
  return intl.formatMessage(problemTexts[field][problem]);
}

const errorTexts = defineMessages({
  insufficient_funds: {
    id: 'advertising.error.insufficient_funds',
    defaultMessage:
      'There is not enough money in your account for this plan. Top up your account, then try again.',
  },
  not_found: {
    id: 'advertising.error.not_found',
    defaultMessage: 'This plan is no longer on sale. Go back to the plans and choose another.',
  },
  conflict: {
    id: 'advertising.error.conflict',
    defaultMessage: 'This order was already sent with other details. Go back to the plans and start again.',
  },
  forbidden: {
    id: 'advertising.error.forbidden',
    defaultMessage: 'You may not pay from the wallet. Ask the owner of your company to buy the plan.',
  },
});

export function advertisingErrorText(intl: IntlShape, error: AdvertisingError): string {
  switch (error) {
    case 'insufficient_funds':
    case 'not_found':
    case 'conflict':
    case 'forbidden':
      return intl.formatMessage(errorTexts[error]);
    case 'rate_limited':
      return intl.formatMessage(errorMessages.rate_limited);
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'unknown':
      return intl.formatMessage(errorMessages.unknown);
  }
}

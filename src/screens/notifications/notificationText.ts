import { defineMessage, defineMessages, type IntlShape } from 'react-intl';
import type { Notification, NotificationKind } from '../../../schemas/notifications.schema';
import { bankDateText } from '../../i18n/formatDate';
import { formatMoney } from '../../i18n/formatMoney';

/** The text of each kind of notification (schemas/notifications.schema.ts); the server sends only kind and params. */
type Values = Record<string, string>;
type KindKey =
  | Exclude<NotificationKind, 'onboarding_information_requested'>
  | 'money_received_bank'
  | 'plan_renewal_failed_final';

const kindMessages = defineMessages<Record<KindKey, Values>>({
  money_received: {
    id: 'notifications.kind.moneyReceived',
    defaultMessage: '{from} sent you {amount}.',
  },
  money_received_bank: {
    id: 'notifications.kind.moneyReceivedBank',
    defaultMessage: 'A bank transfer of {amount} from {from} arrived in your account.',
  },
  money_request_received: {
    id: 'notifications.kind.moneyRequestReceived',
    defaultMessage: '{requester} asks you for {amount}.',
  },
  money_request_accepted: {
    id: 'notifications.kind.moneyRequestAccepted',
    defaultMessage: '{payee} accepted your request and paid {amount}.',
  },
  money_request_declined: {
    id: 'notifications.kind.moneyRequestDeclined',
    defaultMessage: '{payee} declined your request for {amount}.',
  },
  scheduled_payment_paid: {
    id: 'notifications.kind.scheduledPaymentPaid',
    defaultMessage: 'Your scheduled payment of {amount} to {recipient} was paid.',
  },
  scheduled_payment_failed: {
    id: 'notifications.kind.scheduledPaymentFailed',
    defaultMessage: 'Your scheduled payment of {amount} to {recipient} failed.',
  },
  card_authorization_declined: {
    id: 'notifications.kind.cardDeclined',
    defaultMessage: 'A payment of {amount} at {merchant} with the card ending {last4} was declined: {reason}',
  },
  invitation_accepted: {
    id: 'notifications.kind.invitationAccepted',
    defaultMessage: '{name} accepted your invitation and joined the team.',
  },
  plan_renewed: {
    id: 'notifications.kind.planRenewed',
    defaultMessage: 'Your {plan} plan was renewed for {amount}. Next billing: {date}.',
  },
  plan_renewal_failed: {
    id: 'notifications.kind.planRenewalFailed',
    defaultMessage:
      'We could not renew your {plan} plan for {amount}. Top up your account; we will try again.',
  },
  plan_renewal_failed_final: {
    id: 'notifications.kind.planRenewalFailedFinal',
    defaultMessage: 'Your {plan} plan could not be renewed and is now Free.',
  },
  onboarding_approved: {
    id: 'notifications.kind.onboardingApproved',
    defaultMessage: 'Your company was approved. Your account is open.',
  },
  onboarding_rejected: {
    id: 'notifications.kind.onboardingRejected',
    defaultMessage: 'Your application was not approved: {reason}',
  },
  campaign_approved: {
    id: 'notifications.kind.campaignApproved',
    defaultMessage: 'Your advertising campaign “{headline}” was approved and runs from its first day.',
  },
  campaign_rejected: {
    id: 'notifications.kind.campaignRejected',
    defaultMessage:
      'Your advertising campaign “{headline}” was not approved: {reason} {amount} was refunded.',
  },
  sponsored_campaign: {
    id: 'notifications.kind.sponsoredCampaign',
    defaultMessage: 'Sponsored by {advertiser}: {headline}',
  },
});

// A count of steps: a plural, whose value is a number, not one of the strings the other kinds take.
const informationRequested = defineMessage<{ count: number }>({
  id: 'notifications.kind.onboardingInformationRequested',
  defaultMessage:
    'The bank needs more information on {count, plural, one {one step} other {# steps}} of your application. Open it to see what to change.',
});

const declineMessages = defineMessages({
  card_frozen: { id: 'notifications.decline.cardFrozen', defaultMessage: 'the card is frozen.' },
  card_lost: { id: 'notifications.decline.cardLost', defaultMessage: 'the card is reported lost.' },
  card_destroyed: { id: 'notifications.decline.cardDestroyed', defaultMessage: 'the card is destroyed.' },
  card_inactive: { id: 'notifications.decline.cardInactive', defaultMessage: 'the card is not active yet.' },
  card_restricted: { id: 'notifications.decline.cardRestricted', defaultMessage: 'the card is restricted.' },
  limit: { id: 'notifications.decline.limit', defaultMessage: 'a card limit was reached.' },
  insufficient_funds: {
    id: 'notifications.decline.insufficientFunds',
    defaultMessage: 'the balance was too low.',
  },
  currency_mismatch: {
    id: 'notifications.decline.currencyMismatch',
    defaultMessage: 'the currency does not match the card.',
  },
  other: { id: 'notifications.decline.other', defaultMessage: 'the bank refused it.' },
});

const declineOf = (reason: string | undefined) => {
  if (reason?.startsWith('limit_')) return declineMessages.limit;
  switch (reason) {
    case 'card_frozen':
    case 'card_lost':
    case 'card_destroyed':
    case 'card_inactive':
    case 'card_restricted':
    case 'insufficient_funds':
    case 'currency_mismatch':
      return declineMessages[reason];
    default:
      return declineMessages.other;
  }
};

/** Where a notification leads, when there is a page for it. */
export function notificationLink(notification: Notification): string | null {
  const p = notification.params;
  switch (notification.kind) {
    case 'money_received':
    case 'money_request_accepted':
    case 'scheduled_payment_paid':
      return p.transaction_id ? `/transactions/${p.transaction_id}` : '/transactions';
    case 'money_request_received':
      return '/my-wallet/request-money';
    case 'scheduled_payment_failed':
      return '/my-wallet/scheduled-payments';
    case 'card_authorization_declined':
      return p.card_id ? `/cards/${p.card_id}` : '/cards';
    case 'invitation_accepted':
      return '/my-employees';
    case 'plan_renewed':
    case 'plan_renewal_failed':
      return '/profile/billing';
    case 'onboarding_information_requested':
      return '/information-submitted';
    case 'campaign_approved':
    case 'campaign_rejected':
      return '/advertise-with-us';
    default:
      return null;
  }
}

/** The notification in the reader's language. */
export function notificationText(intl: IntlShape, notification: Notification): string {
  const p = notification.params;
  const amount =
    p.amount_minor && p.currency
      ? formatMoney(intl, { amount_minor: p.amount_minor, currency: p.currency })
      : '';
  const kind: NotificationKind = notification.kind;
  switch (kind) {
    case 'money_received':
      return intl.formatMessage(
        p.via === 'bank_transfer' ? kindMessages.money_received_bank : kindMessages.money_received,
        { amount, from: p.from ?? '' },
      );
    case 'money_request_received':
      return intl.formatMessage(kindMessages.money_request_received, {
        amount,
        requester: p.requester ?? '',
      });
    case 'money_request_accepted':
    case 'money_request_declined':
      return intl.formatMessage(kindMessages[kind], { amount, payee: p.payee ?? '' });
    case 'scheduled_payment_paid':
    case 'scheduled_payment_failed':
      return intl.formatMessage(kindMessages[kind], { amount, recipient: p.recipient ?? '' });
    case 'card_authorization_declined':
      return intl.formatMessage(kindMessages.card_authorization_declined, {
        amount,
        merchant: p.merchant ?? '',
        last4: p.last4 ?? '',
        reason: intl.formatMessage(declineOf(p.reason)),
      });
    case 'invitation_accepted':
      return intl.formatMessage(kindMessages.invitation_accepted, {
        name: `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim() || (p.email ?? ''),
      });
    case 'plan_renewed':
      return intl.formatMessage(kindMessages.plan_renewed, {
        plan: p.plan ?? '',
        amount,
        date: p.next_billing ? bankDateText(intl, p.next_billing) : '',
      });
    case 'plan_renewal_failed':
      return intl.formatMessage(
        p.final === 'true' ? kindMessages.plan_renewal_failed_final : kindMessages.plan_renewal_failed,
        { plan: p.plan ?? '', amount },
      );
    case 'onboarding_approved':
      return intl.formatMessage(kindMessages.onboarding_approved);
    case 'onboarding_rejected':
      return intl.formatMessage(kindMessages.onboarding_rejected, { reason: p.reason ?? '' });
    case 'onboarding_information_requested':
      return intl.formatMessage(informationRequested, {
        count: Number(p.count ?? '1'),
      });
    case 'campaign_approved':
      return intl.formatMessage(kindMessages.campaign_approved, { headline: p.headline ?? '' });
    case 'campaign_rejected':
      return intl.formatMessage(kindMessages.campaign_rejected, {
        headline: p.headline ?? '',
        reason: p.reason ?? '',
        amount,
      });
    case 'sponsored_campaign':
      return intl.formatMessage(kindMessages.sponsored_campaign, {
        advertiser: p.advertiser ?? '',
        headline: p.headline ?? '',
      });
  }
}

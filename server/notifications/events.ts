import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import type { PostingNotification } from '../ledger';
import { emailedKinds } from './messages';
import { moneyParams, notificationChannel, notify, roleKeysFor } from './notifications';

/**
 * One function per event that notifies, each called once by the event's domain function inside its
 * transaction. Who is told follows the permission table (server/notifications/notifications.ts `Recipients`).
 */

type Trx = Transaction<DB>;

const merchantName = async (trx: Trx, merchantId: string): Promise<string> =>
  (await trx.selectFrom('merchants').select('name').where('id', '=', merchantId).executeTakeFirst())?.name ??
  '';

/** Money arrived in a merchant's account: from another merchant's wallet, or by bank transfer from outside. */
export async function moneyReceived(
  trx: Trx,
  event: {
    merchantId: string;
    transferId: string;
    amountMinor: bigint;
    currency: string;
    via: 'wallet' | 'bank_transfer';
    /** The sending merchant, or the sender's name on a bank transfer. */
    fromMerchantId?: string;
    fromName?: string | null;
  },
): Promise<void> {
  const from = event.fromMerchantId ? await merchantName(trx, event.fromMerchantId) : (event.fromName ?? '');
  await notify(trx, {
    merchantId: event.merchantId,
    kind: 'money_received',
    params: {
      ...moneyParams(event.amountMinor, event.currency),
      from,
      via: event.via,
      transaction_id: event.transferId,
    },
    eventKey: `transfer:${event.transferId}`,
    // Whoever sees the company's transactions.
    to: { operation: 'exportTransactions' },
  });
}

/**
 * `moneyReceived` for a transfer not posted yet, written by the posting's own statement when it posts
 * (`postTransfer`'s `notification`, migration 027): the same rows, recipients, parameters and NOTIFY, without the
 * round trips. `transaction_id` and `from` (the sending merchant's name) are filled in by the database.
 */
export function moneyReceivedOnPosting(event: {
  merchantId: string;
  amountMinor: bigint;
  currency: string;
  via: 'wallet' | 'bank_transfer';
  fromMerchantId: string;
}): PostingNotification {
  // The database writes no outbox rows: an emailed kind must go through `notify`.
  if (emailedKinds.has('money_received')) throw new Error('money_received is emailed: use moneyReceived');
  return {
    merchantId: event.merchantId,
    kind: 'money_received',
    params: { ...moneyParams(event.amountMinor, event.currency), via: event.via },
    fromMerchantId: event.fromMerchantId,
    // Whoever sees the company's transactions, as `moneyReceived`.
    roles: roleKeysFor('exportTransactions'),
    channel: notificationChannel,
  };
}

type RequestEvent = {
  requestId: string;
  requesterMerchantId: string;
  payeeMerchantId: string;
  amountMinor: bigint;
  currency: string;
};

/** A money request arrived (told to the payee), or its payee accepted or declined it (told to the requester). */
export async function moneyRequest(
  trx: Trx,
  what: 'received' | 'accepted' | 'declined',
  event: RequestEvent,
): Promise<void> {
  const params = { ...moneyParams(event.amountMinor, event.currency), request_id: event.requestId };
  if (what === 'received') {
    await notify(trx, {
      merchantId: event.payeeMerchantId,
      kind: 'money_request_received',
      params: { ...params, requester: await merchantName(trx, event.requesterMerchantId) },
      eventKey: `request:${event.requestId}`,
      to: { operation: 'receivedRequests' },
    });
    return;
  }
  await notify(trx, {
    merchantId: event.requesterMerchantId,
    kind: what === 'accepted' ? 'money_request_accepted' : 'money_request_declined',
    params: { ...params, payee: await merchantName(trx, event.payeeMerchantId) },
    eventKey: `request:${event.requestId}`,
    to: { operation: 'sentRequests' },
  });
}

/** One occurrence of a scheduled payment ran: paid, or failed (with the reason shown on the run). */
export async function scheduledPaymentRun(
  trx: Trx,
  event: {
    merchantId: string;
    scheduleId: string;
    occurrence: string;
    recipient: string;
    amountMinor: bigint;
    currency: string;
    transferId: string | null;
    failure: string | null;
  },
): Promise<void> {
  await notify(trx, {
    merchantId: event.merchantId,
    kind: event.transferId ? 'scheduled_payment_paid' : 'scheduled_payment_failed',
    params: {
      ...moneyParams(event.amountMinor, event.currency),
      recipient: event.recipient,
      schedule_id: event.scheduleId,
      date: event.occurrence,
      ...(event.transferId ? { transaction_id: event.transferId } : { reason: event.failure ?? '' }),
    },
    eventKey: `schedule:${event.scheduleId}:${event.occurrence}`,
    to: { operation: 'scheduledPayments' },
  });
}

/** The card network's request was declined: told to the owners and the card's holder. */
export async function cardDeclined(
  trx: Trx,
  event: {
    merchantId: string;
    holderUserId: string;
    authorizationId: string;
    cardId: string;
    last4: string;
    merchant: string;
    amountMinor: bigint;
    currency: string;
    reason: string;
  },
): Promise<void> {
  await notify(trx, {
    merchantId: event.merchantId,
    kind: 'card_authorization_declined',
    params: {
      ...moneyParams(event.amountMinor, event.currency),
      card_id: event.cardId,
      last4: event.last4,
      merchant: event.merchant,
      reason: event.reason,
    },
    eventKey: `authorization:${event.authorizationId}`,
    to: { owners: true, users: [event.holderUserId] },
  });
}

/** An invitee accepted and joined: told to the owners and whoever invited them. */
export async function invitationAccepted(
  trx: Trx,
  event: {
    merchantId: string;
    invitationId: string;
    invitedBy: string;
    firstName: string;
    lastName: string;
    email: string;
    role: string;
  },
): Promise<void> {
  await notify(trx, {
    merchantId: event.merchantId,
    kind: 'invitation_accepted',
    params: {
      first_name: event.firstName,
      last_name: event.lastName,
      email: event.email,
      role: event.role,
    },
    eventKey: `invitation:${event.invitationId}`,
    to: { owners: true, users: [event.invitedBy] },
  });
}

/** The billing job renewed the plan, or could not take the money (each failed attempt; `final` when it gave up). */
export async function planRenewal(
  trx: Trx,
  event: {
    merchantId: string;
    renewalKey: string;
    attempt: number;
    outcome: 'renewed' | 'failed';
    planName: string;
    amountMinor: bigint;
    currency: string;
    periodEnd?: Date;
    nextRetryAt?: Date | null;
  },
): Promise<void> {
  const params: Record<string, string> = {
    ...moneyParams(event.amountMinor, event.currency),
    plan: event.planName,
  };
  if (event.periodEnd) params.next_billing = event.periodEnd.toISOString();
  if (event.outcome === 'failed') {
    params.final = event.nextRetryAt ? 'false' : 'true';
    if (event.nextRetryAt) params.next_retry = event.nextRetryAt.toISOString();
  }
  await notify(trx, {
    merchantId: event.merchantId,
    kind: event.outcome === 'renewed' ? 'plan_renewed' : 'plan_renewal_failed',
    params,
    eventKey: `${event.renewalKey}:${event.outcome === 'renewed' ? 'paid' : `attempt-${event.attempt}`}`,
    to: { owners: true },
  });
}

/** The review decided: approved (with the new account's IBAN) or rejected (with the reason). */
export async function onboardingReviewed(
  trx: Trx,
  event: { merchantId: string; approved: boolean; iban: string | null; reason: string },
): Promise<void> {
  const at = new Date().toISOString();
  await notify(trx, {
    merchantId: event.merchantId,
    kind: event.approved ? 'onboarding_approved' : 'onboarding_rejected',
    params: event.approved ? { iban: event.iban ?? '' } : { reason: event.reason },
    // A rejected merchant may be reviewed again after fixing its steps: each decision is its own event.
    eventKey: `review:${at}`,
    to: { owners: true },
  });
}

/**
 * The bank asks for more information on named steps (a reviewer's request, or the identity review's refusal). The
 * owner's email, naming each step with its note, is written by the request itself; this one is for the bell and for
 * /information-submitted, which reads the request again when it arrives.
 */
export async function onboardingInformationRequested(
  trx: Trx,
  event: { merchantId: string; requestId: string; steps: readonly string[] },
): Promise<void> {
  await notify(trx, {
    merchantId: event.merchantId,
    kind: 'onboarding_information_requested',
    params: { steps: event.steps.join(','), count: String(event.steps.length) },
    eventKey: `information_request:${event.requestId}`,
    to: { owners: true },
  });
}

/** The bank decided on an advertising campaign: approved, or rejected (with the reason and the refund). */
export async function campaignReviewed(
  trx: Trx,
  event: {
    merchantId: string;
    campaignId: string;
    headline: string;
    approved: boolean;
    reason: string | null;
    refundMinor: bigint;
    currency: string;
  },
): Promise<void> {
  await notify(trx, {
    merchantId: event.merchantId,
    kind: event.approved ? 'campaign_approved' : 'campaign_rejected',
    params: event.approved
      ? { campaign_id: event.campaignId, headline: event.headline }
      : {
          ...moneyParams(event.refundMinor, event.currency),
          campaign_id: event.campaignId,
          headline: event.headline,
          reason: event.reason ?? '',
        },
    // A campaign is decided once (server/advertising/campaignReview.ts).
    eventKey: `campaign:${event.campaignId}`,
    // Whoever sees the company's campaigns.
    to: { operation: 'advertisingCampaigns' },
  });
}

/** Another merchant's campaign, pushed to this merchant's owners (the push_notification placement): once each. */
export async function sponsoredCampaign(
  trx: Trx,
  event: { merchantId: string; campaignId: string; advertiser: string; headline: string; link: string },
): Promise<string[]> {
  return notify(trx, {
    merchantId: event.merchantId,
    kind: 'sponsored_campaign',
    params: {
      campaign_id: event.campaignId,
      advertiser: event.advertiser,
      headline: event.headline,
      link: event.link,
    },
    eventKey: `campaign:${event.campaignId}`,
    to: { owners: true },
  });
}

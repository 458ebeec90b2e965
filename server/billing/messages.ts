import type { Transaction } from 'kysely';
import type { DB } from '../db/types';
import { enqueueMessage } from '../notify/outbox';
import { formattersFor } from '../statements/format';

/**
 * The emails of billing and of leaving (through the outbox, in the owner's language), written in the transaction that
 * causes them: a rolled-back renewal sends nothing.
 */

type Locale = 'en' | 'el';
const localeOf = (value: string): Locale => (value === 'el' ? 'el' : 'en');

type Text = { subject: string; body: string };

export type BillingMessage =
  | {
      kind: 'renewal_failed';
      planName: string;
      amountMinor: bigint;
      currency: string;
      nextRetryAt: Date;
      downgradeAt: Date;
    }
  | { kind: 'moved_to_free'; planName: string; reason: 'cancelled' | 'scheduled' | 'unpaid' }
  | { kind: 'deletion_requested'; effectiveAt: Date; payoutIban: string; blockers: string[] }
  | { kind: 'deletion_completed' };

const blockerText: Record<Locale, Record<string, string>> = {
  en: {
    balance: 'money left in your accounts (we pay it out to the IBAN you gave)',
    pending_transfer: 'a payment still pending',
    active_card: 'a card that is not destroyed',
    active_plan: 'a paid plan that is not cancelled',
  },
  el: {
    balance: 'υπόλοιπο στους λογαριασμούς σας (θα αποδοθεί στο IBAN που δώσατε)',
    pending_transfer: 'πληρωμή σε εκκρεμότητα',
    active_card: 'κάρτα που δεν έχει καταστραφεί',
    active_plan: 'συνδρομή επί πληρωμή που δεν έχει ακυρωθεί',
  },
};

function text(locale: Locale, message: BillingMessage): Text {
  const f = formattersFor(locale);
  if (locale === 'el') {
    switch (message.kind) {
      case 'renewal_failed':
        return {
          subject: 'Η ανανέωση της συνδρομής σας στο Tameio απέτυχε',
          body:
            `Δεν μπορέσαμε να χρεώσουμε ${f.money(message.amountMinor, message.currency)} για την ανανέωση της ` +
            `συνδρομής ${message.planName}: το υπόλοιπο δεν επαρκεί. Θα προσπαθήσουμε ξανά στις ` +
            `${f.day(message.nextRetryAt)}. Αν η πληρωμή δεν γίνει έως τις ${f.day(message.downgradeAt)}, ` +
            'η συνδρομή σας θα γίνει Free. Προσθέστε χρήματα στον λογαριασμό σας για να την κρατήσετε.',
        };
      case 'moved_to_free':
        return {
          subject: 'Η συνδρομή σας στο Tameio είναι πλέον Free',
          body:
            message.reason === 'unpaid'
              ? `Η ανανέωση της συνδρομής ${message.planName} δεν πληρώθηκε, οπότε πλέον έχετε τη συνδρομή Free. Μπορείτε να επιλέξετε ξανά συνδρομή οποτεδήποτε.`
              : `Η συνδρομή ${message.planName} έληξε και πλέον έχετε τη συνδρομή Free. Μπορείτε να επιλέξετε ξανά συνδρομή οποτεδήποτε.`,
        };
      case 'deletion_requested':
        return {
          subject: 'Λάβαμε το αίτημα διαγραφής του λογαριασμού σας Tameio',
          body:
            `Ο λογαριασμός σας θα διαγραφεί στις ${f.day(message.effectiveAt)}. Ένας εκπρόσωπός μας θα ` +
            `επικοινωνήσει μαζί σας. Τα χρήματα που θα απομείνουν θα αποδοθούν στο ${message.payoutIban}.` +
            (message.blockers.length > 0
              ? ` Πριν από τη διαγραφή πρέπει να τακτοποιηθούν: ${message.blockers.map((b) => blockerText.el[b] ?? b).join('· ')}.`
              : '') +
            ' Μπορείτε να αποσύρετε το αίτημα έως τότε.',
        };
      case 'deletion_completed':
        return {
          subject: 'Ο λογαριασμός σας Tameio διαγράφηκε',
          body: 'Ο λογαριασμός της εταιρείας σας στο Tameio έκλεισε, όπως ζητήσατε. Σας ευχαριστούμε.',
        };
    }
  }
  switch (message.kind) {
    case 'renewal_failed':
      return {
        subject: 'Your Tameio plan could not be renewed',
        body:
          `We could not charge ${f.money(message.amountMinor, message.currency)} to renew your ${message.planName} ` +
          `plan: the balance does not cover it. We will try again on ${f.day(message.nextRetryAt)}. If it is ` +
          `still unpaid on ${f.day(message.downgradeAt)}, your plan becomes Free. Top up your account to keep it.`,
      };
    case 'moved_to_free':
      return {
        subject: 'Your Tameio plan is now Free',
        body:
          message.reason === 'unpaid'
            ? `The renewal of your ${message.planName} plan was not paid, so your plan is now Free. You can pick a plan again at any time.`
            : `Your ${message.planName} plan has ended and your plan is now Free. You can pick a plan again at any time.`,
      };
    case 'deletion_requested':
      return {
        subject: 'We received your request to delete your Tameio account',
        body:
          `Your account will be deleted on ${f.day(message.effectiveAt)}. A representative of ours will contact ` +
          `you. Money left in your accounts will be paid out to ${message.payoutIban}.` +
          (message.blockers.length > 0
            ? ` Before the deletion can complete, please settle: ${message.blockers.map((b) => blockerText.en[b] ?? b).join('; ')}.`
            : '') +
          ' You can withdraw the request until then.',
      };
    case 'deletion_completed':
      return {
        subject: 'Your Tameio account has been deleted',
        body: "Your company's Tameio account has been closed, as you asked. Thank you for banking with us.",
      };
  }
}

/** Emails the merchant's owner; returns the outbox ids to deliver after commit. */
export async function emailOwner(
  trx: Transaction<DB>,
  merchantId: string,
  message: BillingMessage,
): Promise<string[]> {
  const owners = await trx
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('merchant_id', '=', merchantId)
    .where('is_owner', '=', true)
    .execute();
  const ids: string[] = [];
  for (const owner of owners) {
    const { subject, body } = text(localeOf(owner.locale), message);
    ids.push(await enqueueMessage(trx, { to: owner.email, channel: 'email', subject, body }));
  }
  return ids;
}

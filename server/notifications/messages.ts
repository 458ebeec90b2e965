import type { NotificationKind, NotificationParams } from '../../schemas/notifications.schema';
import { formattersFor } from '../statements/format';

/**
 * The notifications that also go out as email (through the outbox, in the recipient's language): those that ask for
 * an action or report money that did not move. Events whose domain already emails (a review's decision, a failed
 * renewal: server/onboarding/review.ts, server/billing/messages.ts) are not emailed again here.
 */
export const emailedKinds: ReadonlySet<NotificationKind> = new Set<NotificationKind>([
  'money_request_received',
  'scheduled_payment_failed',
  'card_authorization_declined',
]);

type Locale = 'en' | 'el';

function amount(locale: Locale, params: NotificationParams): string {
  const currency = params.currency ?? 'EUR';
  return formattersFor(locale).money(BigInt(params.amount_minor ?? '0'), currency);
}

const appLink = 'Open Tameio to see the details.';

export function emailFor(
  locale: Locale,
  kind: NotificationKind,
  params: NotificationParams,
): { subject: string; body: string } {
  const sum = amount(locale, params);
  if (locale === 'el') {
    switch (kind) {
      case 'money_request_received':
        return {
          subject: 'Νέο αίτημα πληρωμής στο Tameio',
          body: `Η εταιρεία ${params.requester ?? ''} σας ζητά ${sum}. Ανοίξτε το Tameio για να το αποδεχτείτε ή να το απορρίψετε.`,
        };
      case 'scheduled_payment_failed':
        return {
          subject: 'Μια προγραμματισμένη πληρωμή απέτυχε',
          body: `Η προγραμματισμένη πληρωμή ${sum} προς ${params.recipient ?? ''} δεν πραγματοποιήθηκε. Ανοίξτε το Tameio για λεπτομέρειες.`,
        };
      case 'card_authorization_declined':
        return {
          subject: 'Μια πληρωμή με κάρτα απορρίφθηκε',
          body: `Η πληρωμή ${sum} στο ${params.merchant ?? ''} με την κάρτα που λήγει σε ${params.last4 ?? ''} απορρίφθηκε. Ανοίξτε το Tameio για λεπτομέρειες.`,
        };
      default:
        return { subject: 'Νέα ειδοποίηση στο Tameio', body: 'Ανοίξτε το Tameio για λεπτομέρειες.' };
    }
  }
  switch (kind) {
    case 'money_request_received':
      return {
        subject: 'New money request on Tameio',
        body: `${params.requester ?? ''} asks you for ${sum}. Open Tameio to accept or decline it.`,
      };
    case 'scheduled_payment_failed':
      return {
        subject: 'A scheduled payment failed',
        body: `The scheduled payment of ${sum} to ${params.recipient ?? ''} did not go through. ${appLink}`,
      };
    case 'card_authorization_declined':
      return {
        subject: 'A card payment was declined',
        body: `A payment of ${sum} at ${params.merchant ?? ''} with the card ending ${params.last4 ?? ''} was declined. ${appLink}`,
      };
    default:
      return { subject: 'New notification on Tameio', body: appLink };
  }
}

/**
 * Notifications (SPEC §2 "notifications (read and unread, mark all as read)", §4 "Notification: read or
 * unread"). Code: server/notifications/; decision: docs/decisions/015-notifications-live-stream.md.
 *
 * Endpoints (operationId), under /api/merchants/notifications/, for the signed-in user's own notifications:
 * - GET  ?cursor=&limit=&unread=true   notifications                  → NotificationsPage (newest first)
 * - GET  unread_count/                 notificationsUnreadCount       → UnreadCount
 * - POST {id}/read/                    markNotificationRead           → Notification (404 for anyone else's)
 * - POST read_all/                     markAllNotificationsRead       → MarkAllReadResponse
 * - POST stream_ticket/                notificationStreamTicket       → StreamTicket (single use, 60 s)
 * - GET  stream/?ticket=               notificationStream             text/event-stream: `ready`, then one
 *                                                                     `notification` event (a Notification) each
 *
 * A notification carries no text: `kind` says what happened and `params` the names, amounts (minor units as decimal
 * strings, with `currency`) and dates (ISO) the app puts into the reader's language.
 */
import { z } from 'zod';
import { text } from './text';

export const notificationKinds = [
  'money_received',
  'money_request_received',
  'money_request_accepted',
  'money_request_declined',
  'scheduled_payment_paid',
  'scheduled_payment_failed',
  'card_authorization_declined',
  'invitation_accepted',
  'plan_renewed',
  'plan_renewal_failed',
  'onboarding_approved',
  'onboarding_rejected',
  // Issue 21: the bank asks for more information on named steps (the steps' codes in `steps`, comma-separated).
  'onboarding_information_requested',
  // Issue 21: the bank's decision on the merchant's advertising campaign; another merchant's campaign as a push.
  'campaign_approved',
  'campaign_rejected',
  'sponsored_campaign',
] as const;
export const NotificationKind = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** Strings only: names, ids, amounts in minor units, currencies, ISO dates, reasons as codes. */
export const NotificationParams = z.record(text(), text());
export type NotificationParams = z.infer<typeof NotificationParams>;

export const Notification = z
  .object({
    id: text(),
    kind: NotificationKind,
    params: NotificationParams,
    read: z.boolean(),
    read_at: text().nullable(),
    created_at: text(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof Notification>;

export const notificationsPageLimit = 20;
export const notificationsMaxLimit = 100;

export const NotificationsQuery = z
  .object({
    /** `next_cursor` of the previous page. */
    cursor: text().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(notificationsMaxLimit).optional(),
    /** `true`: unread ones only. */
    unread: z.enum(['true', 'false']).optional(),
  })
  .strict();
export type NotificationsQuery = z.infer<typeof NotificationsQuery>;

export const NotificationsPage = z
  .object({
    items: z.array(Notification),
    /** Pass as `cursor` for the next (older) page; null on the last page. */
    next_cursor: text().nullable(),
    unread_count: z.number().int().min(0),
  })
  .meta({ id: 'NotificationsPage' });
export type NotificationsPage = z.infer<typeof NotificationsPage>;

export const UnreadCount = z
  .object({ unread_count: z.number().int().min(0) })
  .meta({ id: 'NotificationsUnreadCount' });
export type UnreadCount = z.infer<typeof UnreadCount>;

export const MarkAllReadResponse = z
  .object({ marked: z.number().int().min(0), unread_count: z.number().int().min(0) })
  .meta({ id: 'MarkAllNotificationsReadResponse' });
export type MarkAllReadResponse = z.infer<typeof MarkAllReadResponse>;

export const NotificationParamsPath = z.object({ id: z.uuid() });

export const StreamTicket = z
  .object({
    /** Opens GET /api/merchants/notifications/stream/?ticket= once, within `expires_at`. */
    ticket: text(),
    expires_at: text(),
  })
  .meta({ id: 'NotificationStreamTicket' });
export type StreamTicket = z.infer<typeof StreamTicket>;

export const StreamQuery = z.object({ ticket: text().min(1).max(200) }).strict();

/** Seconds a stream ticket stays valid. */
export const streamTicketSeconds = 60;

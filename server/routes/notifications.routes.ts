import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MarkAllReadResponse,
  Notification,
  NotificationParamsPath,
  NotificationsPage,
  NotificationsQuery,
  StreamQuery,
  StreamTicket,
  UnreadCount,
} from '../../schemas/notifications.schema';
import { authOf } from '../auth/authenticate';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { issueStreamTicket, NotificationHub, redeemStreamTicket, sessionLive } from '../notifications/live';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationFor,
  unreadCount,
} from '../notifications/notifications';
import { errorResponses } from './apiErrors';

/** A comment line this often keeps proxies from closing a quiet stream, and checks that its session still stands. */
export const streamHeartbeatMs = 25_000;

/**
 * Notifications (schemas/notifications.schema.ts); the domain is server/notifications/. Every operation concerns
 * the signed-in user's own notifications; the stream is opened with a single-use ticket (ADR 015).
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{
  db: Database;
  config: Config;
  heartbeatMs?: number;
}> = async (app, { db, heartbeatMs }) => {
  const secured = { tags: ['notifications'], security: [{ bearerAuth: [] }] };
  const hub = new NotificationHub(db, app.log);
  const openStreams = new Set<() => void>();
  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  app.addHook('onClose', async () => hub.close());

  app.get(
    '/api/merchants/notifications/',
    {
      schema: {
        ...secured,
        operationId: 'notifications',
        summary:
          "The caller's notifications, newest first, one page after `cursor` (`unread=true`: unread ones only), " +
          'with the count of unread ones.',
        querystring: NotificationsQuery,
        response: { 200: NotificationsPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listNotifications(db, authOf(request).userId, request.query),
  );

  app.get(
    '/api/merchants/notifications/unread_count/',
    {
      schema: {
        ...secured,
        operationId: 'notificationsUnreadCount',
        summary: "How many of the caller's notifications are unread (the bell).",
        response: { 200: UnreadCount, ...errorResponses(401, 403) },
      },
    },
    async (request) => ({ unread_count: await unreadCount(db, authOf(request).userId) }),
  );

  app.post(
    '/api/merchants/notifications/:id/read/',
    {
      schema: {
        ...secured,
        operationId: 'markNotificationRead',
        summary: "Marks one of the caller's notifications read (again: no change); 404 for anyone else's.",
        params: NotificationParamsPath,
        response: { 200: Notification, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => markNotificationRead(db, authOf(request).userId, request.params.id),
  );

  app.post(
    '/api/merchants/notifications/read_all/',
    {
      schema: {
        ...secured,
        operationId: 'markAllNotificationsRead',
        summary: "Marks every unread notification of the caller's read.",
        response: { 200: MarkAllReadResponse, ...errorResponses(401, 403) },
      },
    },
    async (request) => markAllNotificationsRead(db, authOf(request).userId),
  );

  app.post(
    '/api/merchants/notifications/stream_ticket/',
    {
      schema: {
        ...secured,
        operationId: 'notificationStreamTicket',
        summary:
          'A single-use ticket, valid 60 seconds, that opens the live stream (EventSource cannot send the bearer ' +
          'token). The stream ends when this session ends.',
        response: { 201: StreamTicket, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      return reply
        .status(201)
        .header('cache-control', 'no-store')
        .send(await issueStreamTicket(db, { userId: auth.userId, sessionId: auth.sessionId }));
    },
  );

  app.get(
    '/api/merchants/notifications/stream/',
    {
      schema: {
        tags: ['notifications'],
        operationId: 'notificationStream',
        summary:
          "text/event-stream of the ticket holder's new notifications: first `event: ready` once listening, then " +
          'an `event: notification` (data: a Notification as JSON) for each one created after that. A missing ' +
          'ticket 400; an unknown, used or expired one, or one whose session has ended, 401. The stream closes when ' +
          'the session ends.',
        querystring: StreamQuery,
        response: { 200: z.string(), ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      const holder = await redeemStreamTicket(db, request.query.ticket);
      reply.hijack();
      const raw = reply.raw;
      // The headers the hooks set (helmet's), then the stream's own.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) raw.setHeader(name, value);
      }
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      let open = true;
      let sending = Promise.resolve();
      const write = (text: string) => {
        if (open) raw.write(text);
      };
      const end = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        unsubscribe?.();
        openStreams.delete(end);
        raw.end();
      };
      const heartbeat = setInterval(() => {
        write(': keep-alive\n\n');
        void sessionLive(db, holder)
          .then((live) => {
            if (!live) end();
          })
          .catch(() => undefined);
      }, heartbeatMs ?? streamHeartbeatMs);
      heartbeat.unref();
      openStreams.add(end);
      request.raw.on('close', end);
      let unsubscribe: (() => void) | undefined;
      try {
        unsubscribe = await hub.subscribe(holder.userId, (id) => {
          // In order, one at a time: each is read back as its owner sees it.
          sending = sending
            .then(async () => {
              const notification = await notificationFor(db, holder.userId, id);
              if (notification) {
                write(
                  `id: ${notification.id}\nevent: notification\ndata: ${JSON.stringify(notification)}\n\n`,
                );
              }
            })
            .catch((error: unknown) => request.log.warn({ err: error }, 'notification not streamed'));
        });
      } catch (error) {
        request.log.error({ err: error }, 'notification stream could not listen');
        end();
        return;
      }
      if (!open) {
        unsubscribe();
        return;
      }
      // The client reconnects with a new ticket after this many milliseconds when the stream drops.
      write('retry: 5000\nevent: ready\ndata: {}\n\n');
    },
  );
};

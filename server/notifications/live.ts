import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { StreamTicket } from '../../schemas/notifications.schema';
import { streamTicketSeconds } from '../../schemas/notifications.schema';
import { listenerOf, type Database } from '../db/database';
import { AppError } from '../errors';
import { notificationChannel } from './notifications';

/**
 * The live side of notifications (docs/decisions/015-notifications-live-stream.md): single-use stream tickets, and a
 * hub that LISTENs on the database for committed notifications and hands each to the streams of its user in this
 * process. Every process LISTENs, so a notification made by any process reaches the user's streams on all of them.
 */

type Log = { warn: (details: object, message: string) => void };

const hashOf = (ticket: string) => createHash('sha256').update(ticket).digest('hex');

/** notificationStreamTicket: a random 256-bit ticket for this user and session, valid 60 seconds, usable once. */
export async function issueStreamTicket(
  db: Database,
  auth: { userId: string; sessionId: string },
): Promise<StreamTicket> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + streamTicketSeconds * 1000);
  await db
    .insertInto('notification_stream_tickets')
    .values({
      ticket_hash: hashOf(ticket),
      user_id: auth.userId,
      session_id: auth.sessionId,
      expires_at: expiresAt,
    })
    .execute();
  return { ticket, expires_at: expiresAt.toISOString() };
}

export type StreamHolder = { userId: string; sessionId: string };

const refused = () =>
  new AppError('unauthorized', 401, 'This stream ticket is not valid any more; ask for a new one.');

/**
 * Spends a ticket: unknown, used or expired → 401, and so is one whose session has ended or whose user is disabled.
 * The update is the check, so two streams presenting the same ticket at once cannot both open.
 */
export async function redeemStreamTicket(db: Database, ticket: string): Promise<StreamHolder> {
  const row = await db
    .updateTable('notification_stream_tickets')
    .set({ used_at: sql<Date>`clock_timestamp()` })
    .where('ticket_hash', '=', hashOf(ticket))
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`clock_timestamp()`)
    .returning(['user_id', 'session_id'])
    .executeTakeFirst();
  if (!row) throw refused();
  const holder = { userId: row.user_id, sessionId: row.session_id };
  if (!(await sessionLive(db, holder))) throw refused();
  return holder;
}

/** Whether the stream's session still stands (not revoked, not past its end, the user enabled). */
export async function sessionLive(db: Database, holder: StreamHolder): Promise<boolean> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(['s.revoked_at', 's.absolute_expires_at', 'u.status'])
    .where('s.id', '=', holder.sessionId)
    .where('s.user_id', '=', holder.userId)
    .executeTakeFirst();
  return !!row && !row.revoked_at && row.absolute_expires_at > new Date() && row.status === 'enabled';
}

type Subscriber = (notificationId: string) => void;

/** The streams of this process by user, fed by one LISTEN on the database (started with the first stream). */
export class NotificationHub {
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private listening: Promise<() => Promise<void>> | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly log?: Log,
  ) {}

  /** Resolves once notifications committed from now on reach `onNotification`; call the result to stop. */
  async subscribe(userId: string, onNotification: Subscriber): Promise<() => void> {
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(onNotification);
    const unsubscribe = () => {
      const current = this.subscribers.get(userId);
      current?.delete(onNotification);
      if (current?.size === 0) this.subscribers.delete(userId);
    };
    try {
      await this.listen();
    } catch (error) {
      unsubscribe();
      throw error;
    }
    return unsubscribe;
  }

  /** `<user id>:<notification id>` from the channel: handed to that user's streams in this process. */
  publish(payload: string): void {
    const [userId, id] = payload.split(':');
    if (!userId || !id) return;
    for (const subscriber of this.subscribers.get(userId) ?? []) subscriber(id);
  }

  get streams(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  private listen(): Promise<() => Promise<void>> {
    if (this.closed) return Promise.reject(new Error('the notification hub is closed'));
    if (!this.listening) {
      const listen = listenerOf(this.db);
      if (!listen) return Promise.reject(new Error('this database cannot LISTEN'));
      this.listening = listen(
        notificationChannel,
        (payload) => this.publish(payload),
        (error) => {
          // The listening connection broke (PostgreSQL restarted, network): listen again with the next stream.
          this.log?.warn({ reason: error.message }, 'notification listener failed');
          const broken = this.listening;
          this.listening = null;
          void broken?.then((stop) => stop()).catch(() => undefined);
        },
      );
      this.listening.catch(() => {
        this.listening = null;
      });
    }
    return this.listening;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.subscribers.clear();
    const listening = this.listening;
    this.listening = null;
    if (listening) await (await listening.catch(() => async () => undefined))();
  }
}

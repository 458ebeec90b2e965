import { sql, type SqlBool, type Transaction } from 'kysely';
import type {
  MarkAllReadResponse,
  Notification,
  NotificationKind,
  NotificationParams,
  NotificationsPage,
  NotificationsQuery,
} from '../../schemas/notifications.schema';
import { notificationsPageLimit } from '../../schemas/notifications.schema';
import { AccessLevel, EmployeeRole } from '../../schemas/employees.schema';
import { mayCall, type OperationId } from '../../schemas/permissions';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { enqueueMessage } from '../notify/outbox';
import { emailFor, emailedKinds } from './messages';

/**
 * Notifications (docs/decisions/015-notifications-live-stream.md). `notify` is called by the domain
 * function of each event, inside the transaction that makes the event happen: the rows, their emails (for the
 * important kinds) and the NOTIFY that wakes the live streams commit or roll back with the event. Knows nothing of
 * HTTP.
 */

type Trx = Transaction<DB>;

/** The PostgreSQL channel the live streams LISTEN on; the payload is `<user id>:<notification id>`. */
export const notificationChannel = 'tameio_notifications';

/**
 * Who is told, among the merchant's enabled users:
 * - `{ operation }`: whoever the permission table lets call that operation (they can open what it is about);
 * - `{ owners: true, users }`: the owners, plus these users of the merchant (a card's holder, an inviter).
 */
export type Recipients = { operation: OperationId } | { owners: true; users?: (string | null)[] };

export type NotificationEvent = {
  merchantId: string;
  kind: NotificationKind;
  params: NotificationParams;
  /** What caused it (`transfer:<id>`, `request:<id>`, ...): the same event never notifies a user twice. */
  eventKey: string;
  to: Recipients;
};

/** Creates one notification per recipient in the caller's transaction; returns the ids of the new rows. */
export async function notify(trx: Trx, event: NotificationEvent): Promise<string[]> {
  const users = await trx
    .selectFrom('users')
    .select(['id', 'email', 'locale', 'is_owner', 'employee_type', 'access_level'])
    .where('merchant_id', '=', event.merchantId)
    .where('status', '=', 'enabled')
    .orderBy('created_at')
    .execute();
  const to = event.to;
  const recipients = users.filter((user) => {
    if ('operation' in to) {
      return mayCall(
        { is_owner: user.is_owner, employee_type: user.employee_type, access_level: user.access_level },
        to.operation,
      );
    }
    return user.is_owner || (to.users ?? []).includes(user.id);
  });
  if (recipients.length === 0) return [];
  const params = JSON.stringify(event.params);
  const inserted = await trx
    .insertInto('notifications')
    .values(
      recipients.map((user) => ({
        merchant_id: event.merchantId,
        user_id: user.id,
        kind: event.kind,
        params,
        event_key: event.eventKey,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'kind', 'event_key']).doNothing())
    .returning(['id', 'user_id'])
    .execute();
  if (inserted.length === 0) return [];
  const fresh = new Set(inserted.map((row) => row.user_id));
  if (emailedKinds.has(event.kind)) {
    for (const user of recipients) {
      if (!fresh.has(user.id)) continue;
      const { subject, body } = emailFor(user.locale === 'el' ? 'el' : 'en', event.kind, event.params);
      await enqueueMessage(trx, { to: user.email, channel: 'email', subject, body });
    }
  }
  // Delivered by PostgreSQL only if and when this transaction commits, to every process that LISTENs.
  for (const row of inserted) {
    await sql`SELECT pg_notify(${notificationChannel}, ${`${row.user_id}:${row.id}`})`.execute(trx);
  }
  return inserted.map((row) => row.id);
}

// The values the users table's CHECKs allow (migrations 001 and 019), as the schemas name them.
const employeeTypes = [null, ...EmployeeRole.options] as const;
const accessLevels = [null, ...AccessLevel.options] as const;
const roleKeysByOperation = new Map<OperationId, readonly string[]>();

/**
 * The users `{ operation }` reaches, as migration 027's role keys (`<is_owner>:<employee_type>:<access_level>`, ''
 * for null): every combination the users table can hold, kept where the permission table lets it call the operation.
 * `ledger_post_transfer_notify` picks the recipients with them in the posting's statement, by the same rule as
 * `notify`.
 */
export function roleKeysFor(operation: OperationId): readonly string[] {
  let keys = roleKeysByOperation.get(operation);
  if (!keys) {
    const found: string[] = [];
    for (const isOwner of [true, false]) {
      for (const employeeType of employeeTypes) {
        for (const accessLevel of accessLevels) {
          const caller = { is_owner: isOwner, employee_type: employeeType, access_level: accessLevel };
          if (mayCall(caller, operation)) found.push(`${isOwner}:${employeeType ?? ''}:${accessLevel ?? ''}`);
        }
      }
    }
    keys = found;
    roleKeysByOperation.set(operation, keys);
  }
  return keys;
}

/** Money as notification parameters. */
export function moneyParams(amountMinor: bigint, currency: string): NotificationParams {
  return { amount_minor: amountMinor.toString(), currency: currency.trim() };
}

type Row = {
  id: string;
  kind: NotificationKind;
  params: NotificationParams;
  read_at: Date | null;
  created_at: Date;
  created_us: bigint;
};

function view(row: Row): Notification {
  return {
    id: row.id,
    kind: row.kind,
    params: row.params,
    read: row.read_at !== null,
    read_at: row.read_at ? row.read_at.toISOString() : null,
    created_at: row.created_at.toISOString(),
  };
}

function rowsOf(db: Database | Trx, userId: string) {
  return db
    .selectFrom('notifications')
    .select([
      'id',
      'kind',
      'params',
      'read_at',
      'created_at',
      sql<bigint>`(extract(epoch from created_at) * 1000000)::int8`.as('created_us'),
    ])
    .where('user_id', '=', userId);
}

const badCursor = () =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { cursor: 'This cursor is not valid; start from the first page.' },
  });

/** The cursor: base64url of "<created_at in µs since the epoch>.<id>", opaque to clients. */
function encodeCursor(row: Row): string {
  return Buffer.from(`${row.created_us.toString()}.${row.id}`, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): { us: bigint; id: string } {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw badCursor();
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^(\d{1,17})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(text);
  if (!match?.[1] || !match[2]) throw badCursor();
  return { us: BigInt(match[1]), id: match[2] };
}

export async function unreadCount(db: Database | Trx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** notifications: the user's own, newest first, one page after `cursor`, optionally unread ones only. */
export async function listNotifications(
  db: Database,
  userId: string,
  query: NotificationsQuery,
): Promise<NotificationsPage> {
  const limit = query.limit ?? notificationsPageLimit;
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  let q = rowsOf(db, userId);
  if (query.unread === 'true') q = q.where('read_at', 'is', null);
  if (cursor) {
    q = q.where(
      sql<SqlBool>`(created_at, id) < (timestamptz 'epoch' + ${cursor.us.toString()}::int8 * interval '1 microsecond', ${cursor.id}::uuid)`,
    );
  }
  const rows = await q
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(view),
    next_cursor: rows.length > limit && last ? encodeCursor(last) : null,
    unread_count: await unreadCount(db, userId),
  };
}

/** One of the user's own notifications (for the live stream); null for anyone else's. */
export async function notificationFor(
  db: Database,
  userId: string,
  id: string,
): Promise<Notification | null> {
  const row = await rowsOf(db, userId).where('id', '=', id).executeTakeFirst();
  return row ? view(row) : null;
}

/** markNotificationRead: idempotent (a read one keeps its first read time); 404 for anyone else's. */
export async function markNotificationRead(db: Database, userId: string, id: string): Promise<Notification> {
  await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`clock_timestamp()` })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
  const found = await notificationFor(db, userId, id);
  if (!found) throw new AppError('not_found', 404, 'This notification does not exist.');
  return found;
}

/** markAllNotificationsRead: every unread one of the user's. */
export async function markAllNotificationsRead(db: Database, userId: string): Promise<MarkAllReadResponse> {
  const result = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`clock_timestamp()` })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return { marked: Number(result.numUpdatedRows), unread_count: await unreadCount(db, userId) };
}

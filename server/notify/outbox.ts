import type { Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/database';
import type { Channel, DB } from '../db/types';

export type OutgoingMessage = { to: string; channel: Channel; subject: string | null; body: string };

export type DeliveryOptions = {
  smtpUrl: string | undefined;
  smsWebhookUrl: string | undefined;
  /** Sender address for email. */
  from?: string;
};

type Logger = { warn: (obj: object, msg: string) => void };

/** Call inside the transaction that causes the message, so a rolled-back action sends nothing. */
export async function enqueueMessage(trx: Transaction<DB>, message: OutgoingMessage): Promise<string> {
  const row = await trx
    .insertInto('outbox')
    .values({
      to_address: message.to,
      channel: message.channel,
      subject: message.subject,
      body: message.body,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let transport: { url: string; mailer: Transporter } | undefined;
function mailerFor(url: string): Transporter {
  if (transport?.url !== url) transport = { url, mailer: nodemailer.createTransport(url) };
  return transport.mailer;
}

async function send(message: OutgoingMessage, options: DeliveryOptions): Promise<boolean> {
  if (message.channel === 'email') {
    if (!options.smtpUrl) return false;
    await mailerFor(options.smtpUrl).sendMail({
      from: options.from ?? 'Tameio <no-reply@tameio.test>',
      to: message.to,
      subject: message.subject ?? '',
      text: message.body,
    });
    return true;
  }
  if (!options.smsWebhookUrl) return false;
  const response = await fetch(options.smsWebhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ to: message.to, body: message.body }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
  return true;
}

/**
 * Delivers the given outbox rows after their transaction committed. Without a configured channel a message
 * just stays in the outbox (read at /dev/outbox); a failure is recorded on the row and never reaches the user.
 */
export async function deliverMessages(
  db: Database,
  ids: readonly string[],
  options: DeliveryOptions,
  log?: Logger,
): Promise<void> {
  if (ids.length === 0 || (!options.smtpUrl && !options.smsWebhookUrl)) return;
  const rows = await db
    .selectFrom('outbox')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('sent_at', 'is', null)
    .execute();
  for (const row of rows) {
    try {
      const sent = await send(
        { to: row.to_address, channel: row.channel, subject: row.subject, body: row.body },
        options,
      );
      if (sent)
        await db
          .updateTable('outbox')
          .set({ sent_at: new Date(), error: null })
          .where('id', '=', row.id)
          .execute();
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      log?.warn({ outboxId: row.id, channel: row.channel, reason }, 'message delivery failed');
      await db
        .updateTable('outbox')
        .set({ error: reason.slice(0, 1000) })
        .where('id', '=', row.id)
        .execute()
        .catch(() => undefined);
    }
  }
}

/**
 * The job's sweep for messages no request delivered after its own commit (notifications, invitations, renewals by the
 * job). Only channels that are configured, only messages never tried (a failure stays recorded, for a person to look
 * at), and only after a minute, so the sweep does not race the request that is delivering its message right now.
 * Messages older than a day are left: a code or a notice that late helps nobody.
 */
export async function deliverPending(
  db: Database,
  options: DeliveryOptions,
  log?: Logger,
  now: Date = new Date(),
): Promise<{ attempted: number }> {
  const channels: Channel[] = [];
  if (options.smtpUrl) channels.push('email');
  if (options.smsWebhookUrl) channels.push('sms');
  if (channels.length === 0) return { attempted: 0 };
  const rows = await db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('error', 'is', null)
    .where('channel', 'in', channels)
    .where('created_at', '<', new Date(now.getTime() - 60_000))
    .where('created_at', '>', new Date(now.getTime() - 24 * 60 * 60_000))
    .orderBy('created_at')
    .limit(100)
    .execute();
  await deliverMessages(
    db,
    rows.map((row) => row.id),
    options,
    log,
  );
  return { attempted: rows.length };
}

export async function listOutbox(db: Database, to: string, limit = 50) {
  return db
    .selectFrom('outbox')
    .select(['id', 'to_address', 'channel', 'subject', 'body', 'created_at'])
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

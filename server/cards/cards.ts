import { sql, type Transaction } from 'kysely';
import {
  canTransition,
  cardCanTransition,
  cardLimitCategories,
  cardLimitCategoriesOf,
  cardTransitions,
  type CardLimitCategory,
  type Card,
  type CardColour,
  type CardLimits,
  type CardLimitsView,
  type CardRevealBody,
  type CardSecret,
  type CardsResponse,
  type CardStatus,
  type CardTransition,
  type CardUpdateBody,
  type ShippingAddress,
} from '../../schemas/cards.schema';
import type { Actor as PermissionActor } from '../../schemas/permissions';
import { recordAudit, type AuditAction } from '../audit/auditTrail';
import type { RequestOrigin } from '../auth/login';
import { consumeStepUp } from '../auth/stepUp';
import type { AuthContext } from '../auth/authenticate';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import type { Db } from '../ledger';
import { addressOf } from './addresses';
import type { CardVault } from './secrets';
import { spentInWindow } from './windows';
import { uuidPattern } from '../db/ids';

/**
 * Cards of a merchant (schemas/cards.schema.ts has the contract): list, read, rename, status transitions, PIN and
 * e-PIN, reveals behind a step-up grant, limits. Who may act: the owner on every card of the merchant, another user
 * on the cards assigned to them only, a viewer reads and never changes. A card the caller may not see is 404, as is
 * another merchant's. Knows nothing of HTTP.
 */

export type CardActor = {
  merchantId: string;
  userId: string;
  isOwner: boolean;
  isViewer: boolean;
};

/** What the audit trail records of a card's transition (activating it is not a sensitive action). */
const transitionAudit: Record<CardTransition, AuditAction | null> = {
  activate: null,
  freeze: 'card.frozen',
  unfreeze: 'card.unfrozen',
  report_lost: 'card.reported_lost',
  destroy: 'card.deleted',
};

/** One audit entry about a card, in the caller's transaction: which card (by its last four digits), never its data. */
async function auditCard(
  trx: Transaction<DB>,
  actor: CardActor,
  cardId: string,
  action: AuditAction,
  origin: RequestOrigin | null,
  details: Record<string, string | number | null> = {},
): Promise<void> {
  const card = await trx.selectFrom('cards').select('last4').where('id', '=', cardId).executeTakeFirst();
  await recordAudit(trx, {
    realm: 'merchant',
    actorUserId: actor.userId,
    merchantId: actor.merchantId,
    action,
    subject: `card:${cardId}`,
    details: { last4: card?.last4 ?? null, ...details },
    origin,
  });
}

export function cardActorOf(auth: Pick<AuthContext, 'merchantId' | 'userId'> & { actor: PermissionActor }) {
  return {
    merchantId: auth.merchantId,
    userId: auth.userId,
    isOwner: auth.actor.is_owner,
    isViewer: !auth.actor.is_owner && auth.actor.employee_type === 'viewer',
  } satisfies CardActor;
}

export const cardNotFound = () => new AppError('not_found', 404, 'This card does not exist.');
const readOnly = () => new AppError('forbidden', 403, 'Viewers can look at cards but not change them.');
export const statusConflict = (status: CardStatus, message: string) =>
  new AppError('card_status', 409, message, { details: { status } });

/** Every change is refused to a viewer, whatever card it names. */
export function assertMayChange(actor: CardActor): void {
  if (actor.isViewer) throw readOnly();
}

/** The columns a card is shown from, with its holder's name and its account's currency. */
function cardQuery(db: Db) {
  return db
    .selectFrom('cards as c')
    .innerJoin('users as u', 'u.id', 'c.holder_user_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'c.account_id')
    .select([
      'c.id',
      'c.merchant_id',
      'c.holder_user_id',
      'c.form',
      'c.colour',
      'c.name',
      'c.alias',
      'c.usage',
      'c.status',
      'c.last4',
      'c.shipping_address',
      'c.limit_frequency',
      'c.limit_transaction_minor',
      'c.limit_purchase_minor',
      'c.limit_ecommerce_minor',
      'c.limit_cash_minor',
      'c.created_at',
      'u.first_name',
      'u.last_name',
      'a.currency',
    ])
    .select([
      sql<boolean>`c.pin_enc IS NOT NULL`.as('has_pin'),
      sql<boolean>`c.epin_enc IS NOT NULL`.as('has_epin'),
    ]);
}

type CardRow = {
  id: string;
  merchant_id: string;
  holder_user_id: string;
  form: 'physical' | 'virtual';
  colour: string;
  name: string;
  alias: string | null;
  usage: 'single' | 'multiple';
  status: CardStatus;
  last4: string;
  shipping_address: unknown;
  limit_frequency: CardLimits['frequency'];
  limit_transaction_minor: bigint | null;
  limit_purchase_minor: bigint | null;
  limit_ecommerce_minor: bigint | null;
  limit_cash_minor: bigint | null;
  created_at: Date;
  first_name: string;
  last_name: string;
  currency: string;
  has_pin: boolean;
  has_epin: boolean;
};

const text = (amount: bigint | null) => (amount === null ? null : amount.toString());

export type LimitColumns = Pick<
  CardRow,
  | 'limit_frequency'
  | 'limit_transaction_minor'
  | 'limit_purchase_minor'
  | 'limit_ecommerce_minor'
  | 'limit_cash_minor'
>;

export function limitsOf(row: LimitColumns): CardLimits {
  return {
    frequency: row.limit_frequency,
    limits: {
      card_transaction: text(row.limit_transaction_minor),
      card_purchase: text(row.limit_purchase_minor),
      card_ecommerce: text(row.limit_ecommerce_minor),
      card_cash: text(row.limit_cash_minor),
    },
  };
}

/** A stored jsonb snapshot of an address (parsed by both drivers). */
export function snapshotAddress(value: unknown): ShippingAddress | null {
  if (value === null || value === undefined) return null;
  const parsed = (typeof value === 'string' ? JSON.parse(value) : value) as {
    country: string;
    postal_code: string;
    city: string;
    line1: string;
    line2?: string | null;
  };
  return addressOf({ ...parsed, line2: parsed.line2 ?? null });
}

function view(row: CardRow): Card {
  const currency = row.currency.trim();
  return {
    id: row.id,
    form: row.form,
    colour: row.colour as CardColour,
    name: row.name,
    alias: row.alias,
    usage: row.usage,
    status: row.status,
    last4: row.last4,
    holder: { user_id: row.holder_user_id, name: `${row.first_name} ${row.last_name}`.trim() },
    account_type: currency.toLowerCase(),
    currency,
    has_pin: row.has_pin,
    has_epin: row.has_epin,
    shipping_address: snapshotAddress(row.shipping_address),
    limits: limitsOf(row),
    created_at: row.created_at.toISOString(),
  };
}

/** The card as the caller may see it, or 404: another merchant's, or (for anyone but the owner) not theirs. */
async function visibleRow(db: Db, actor: CardActor, id: string): Promise<CardRow> {
  if (!uuidPattern.test(id)) throw cardNotFound();
  const row = await cardQuery(db)
    .where('c.id', '=', id)
    .where('c.merchant_id', '=', actor.merchantId)
    .executeTakeFirst();
  if (!row || (!actor.isOwner && row.holder_user_id !== actor.userId)) throw cardNotFound();
  return row;
}

/**
 * In the caller's transaction: the card row locked FOR UPDATE (so status changes, limits and authorisations of one
 * card happen one after another), after the same visibility check; viewers are refused before anything is read.
 */
async function lockForChange(trx: Transaction<DB>, actor: CardActor, id: string) {
  assertMayChange(actor);
  if (!uuidPattern.test(id)) throw cardNotFound();
  const row = await trx
    .selectFrom('cards')
    .select(['id', 'merchant_id', 'holder_user_id', 'form', 'status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  if (!row || row.merchant_id !== actor.merchantId) throw cardNotFound();
  if (!actor.isOwner && row.holder_user_id !== actor.userId) throw cardNotFound();
  return row;
}

export async function cardById(db: Db, actor: CardActor, id: string): Promise<Card> {
  return view(await visibleRow(db, actor, id));
}

/** cards: the owner sees every card of the merchant, anyone else the cards assigned to them; newest first. */
export async function listCards(db: Database, actor: CardActor): Promise<CardsResponse> {
  let query = cardQuery(db).where('c.merchant_id', '=', actor.merchantId);
  if (!actor.isOwner) query = query.where('c.holder_user_id', '=', actor.userId);
  const rows = await query.orderBy('c.created_at', 'desc').orderBy('c.id').execute();
  return { items: rows.map(view) };
}

/** updateCard: name and alias (null clears the alias); not on a destroyed card. */
export async function updateCard(
  db: Database,
  actor: CardActor,
  id: string,
  body: CardUpdateBody,
): Promise<Card> {
  await db.transaction().execute(async (trx) => {
    const card = await lockForChange(trx, actor, id);
    if (card.status === 'destroyed') throw statusConflict(card.status, 'A destroyed card cannot be changed.');
    await trx
      .updateTable('cards')
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.alias !== undefined ? { alias: body.alias } : {}),
        updated_at: new Date(),
      })
      .where('id', '=', card.id)
      .execute();
  });
  return cardById(db, actor, id);
}

/** When the card last entered the status a transition leads to. */
function stampOf(transition: CardTransition, now: Date) {
  switch (transition) {
    case 'activate':
      return { activated_at: now };
    case 'freeze':
      return { frozen_at: now };
    case 'unfreeze':
      return {};
    case 'report_lost':
      return { lost_at: now };
    case 'destroy':
      return { destroyed_at: now };
  }
}

const transitionMessages: Record<CardTransition, string> = {
  activate: 'Only an inactive card can be activated.',
  freeze: 'Only an active card can be frozen.',
  unfreeze: 'Only a frozen card can be unfrozen.',
  report_lost: 'This card cannot be reported lost.',
  destroy: 'This card is already destroyed.',
};

/**
 * cardAction and deleteCard: one of `cardTransitions`, from the statuses it allows (409 card_status otherwise, with
 * the status in `details`). Destroyed is final: no transition leaves it.
 */
export async function transitionCard(
  db: Database,
  actor: CardActor,
  id: string,
  transition: CardTransition,
  origin: RequestOrigin | null,
): Promise<Card> {
  await db.transaction().execute(async (trx) => {
    const card = await lockForChange(trx, actor, id);
    if (!cardCanTransition(card, transition)) {
      if (canTransition(card.status, transition)) {
        throw new AppError(
          'conflict',
          409,
          'A virtual card cannot be reported lost: freeze it, or delete it if its details may have leaked.',
        );
      }
      throw statusConflict(card.status, transitionMessages[transition]);
    }
    const now = new Date();
    await trx
      .updateTable('cards')
      .set({ status: cardTransitions[transition].to, updated_at: now, ...stampOf(transition, now) })
      .where('id', '=', card.id)
      .execute();
    const action = transitionAudit[transition];
    if (action) await auditCard(trx, actor, card.id, action, origin);
  });
  return cardById(db, actor, id);
}

/**
 * setCardPin / setCardEpin: sealed at rest, never echoed. A PIN only on a physical card (a virtual one has only its
 * e-PIN); not on a lost or destroyed card.
 */
export async function setCardSecret(
  db: Database,
  vault: CardVault,
  actor: CardActor,
  id: string,
  what: 'pin' | 'epin',
  value: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const card = await lockForChange(trx, actor, id);
    if (what === 'pin' && card.form !== 'physical') {
      throw new AppError('conflict', 409, 'A virtual card has no PIN; set its e-PIN instead.');
    }
    if (card.status === 'destroyed' || card.status === 'lost') {
      throw statusConflict(card.status, `A ${card.status} card cannot get a new PIN.`);
    }
    const sealed = vault.seal(card.id, what, value);
    await trx
      .updateTable('cards')
      .set({ ...(what === 'pin' ? { pin_enc: sealed } : { epin_enc: sealed }), updated_at: new Date() })
      .where('id', '=', card.id)
      .execute();
  });
}

/**
 * revealCard: the number, expiry and CVV, or the PIN, or the e-PIN, in ONE transaction with the step-up grant for
 * `card_reveal` it spends (403 step_up_required without a fresh one). Not for a destroyed card (409), nor a PIN
 * that was never set (409). Reading is not changing: the holder may reveal their own card, a viewer included.
 */
export async function revealCard(
  db: Database,
  vault: CardVault,
  actor: CardActor,
  id: string,
  body: CardRevealBody,
  stepUpToken: string | undefined,
  origin: RequestOrigin | null,
): Promise<CardSecret> {
  return db.transaction().execute(async (trx) => {
    const visible = await visibleRow(trx, actor, id);
    const card = await trx
      .selectFrom('cards')
      .select(['id', 'status', 'form', 'number_enc', 'cvv_enc', 'expiry_enc', 'pin_enc', 'epin_enc'])
      .where('id', '=', visible.id)
      .executeTakeFirstOrThrow();
    if (card.status === 'destroyed') {
      throw statusConflict(card.status, 'A destroyed card has no details to show.');
    }
    if (body.what === 'pin' && card.form !== 'physical') {
      throw new AppError('conflict', 409, 'A virtual card has no PIN.');
    }
    const sealed = body.what === 'pin' ? card.pin_enc : body.what === 'epin' ? card.epin_enc : null;
    if (body.what !== 'details' && sealed === null) {
      throw new AppError('conflict', 409, `No ${body.what === 'pin' ? 'PIN' : 'e-PIN'} has been set yet.`);
    }
    await consumeStepUp(trx, { userId: actor.userId, purpose: 'card_reveal', token: stepUpToken });
    // That it was shown, and which of the three: never what was shown.
    await auditCard(trx, actor, card.id, 'card.details_revealed', origin, { shown: body.what });
    if (body.what === 'pin') return { what: 'pin', pin: vault.open(card.id, 'pin', sealed ?? '') };
    if (body.what === 'epin') return { what: 'epin', epin: vault.open(card.id, 'epin', sealed ?? '') };
    const [year, month] = vault.open(card.id, 'expiry', card.expiry_enc).split('-');
    return {
      what: 'details',
      number: vault.open(card.id, 'number', card.number_enc),
      expiry_month: Number(month),
      expiry_year: Number(year),
      cvv: vault.open(card.id, 'cvv', card.cvv_enc),
    };
  });
}

/** cardLimits: the limits and what the card spent in the current window, per category. */
export async function cardLimits(
  db: Database,
  actor: CardActor,
  id: string,
  now: Date = new Date(),
): Promise<CardLimitsView> {
  const row = await visibleRow(db, actor, id);
  const spent = await spentInWindow(db, row.id, row.limit_frequency, now);
  return {
    ...limitsOf(row),
    currency: row.currency.trim(),
    window_start: spent.windowStart.toISOString(),
    spent: {
      card_transaction: spent.total.toString(),
      card_purchase: spent.pos.toString(),
      card_ecommerce: spent.online.toString(),
      card_cash: spent.atm.toString(),
    },
  };
}

/** setCardLimits: replaces the frequency and all four limits (null: unlimited); not on a destroyed card. */
export async function setCardLimits(
  db: Database,
  actor: CardActor,
  id: string,
  body: CardLimits,
  origin: RequestOrigin | null,
): Promise<CardLimits> {
  await db.transaction().execute(async (trx) => {
    const card = await lockForChange(trx, actor, id);
    if (card.status === 'destroyed') throw statusConflict(card.status, 'A destroyed card has no limits.');
    const allowed: readonly CardLimitCategory[] = cardLimitCategoriesOf[card.form];
    const refused = cardLimitCategories.filter(
      (category) => !allowed.includes(category) && body.limits[category] !== null,
    );
    if (refused.length > 0) {
      throw new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
        fields: Object.fromEntries(
          refused.map((category) => [
            `limits.${category}`,
            'A virtual card pays online only: it has no in-shop or cash limit.',
          ]),
        ),
      });
    }
    const amount = (value: string | null) => (value === null ? null : BigInt(value));
    await trx
      .updateTable('cards')
      .set({
        limit_frequency: body.frequency,
        limit_transaction_minor: amount(body.limits.card_transaction),
        limit_purchase_minor: amount(body.limits.card_purchase),
        limit_ecommerce_minor: amount(body.limits.card_ecommerce),
        limit_cash_minor: amount(body.limits.card_cash),
        updated_at: new Date(),
      })
      .where('id', '=', card.id)
      .execute();
    await auditCard(trx, actor, card.id, 'card.limits_changed', origin, {
      frequency: body.frequency,
      ...Object.fromEntries(cardLimitCategories.map((category) => [category, body.limits[category]])),
    });
  });
  return limitsOf(await visibleRow(db, actor, id));
}

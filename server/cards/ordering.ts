import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import {
  cardColours,
  maxCardsPerUser,
  type Cart,
  type CartBody,
  type CardForm,
  type CardHolder,
  type CardOptions,
  type CardOrderResult,
  type ShippingAddress,
} from '../../schemas/cards.schema';
import { moneyOf } from '../../schemas/money';
import type { Database } from '../db/database';
import type { DB } from '../db/types';
import { AppError } from '../errors';
import { postTransfer, systemAccount, type Db } from '../ledger';
import { insufficientFundsMessage } from '../payments/sendMoney';
import { planOf, type Plan } from '../plans';
import { addressById, saveShippingAddress } from './addresses';
import { cardById, snapshotAddress, type CardActor } from './cards';
import { expiryFrom, newCardNumber, newCvv, type CardVault } from './secrets';
import { uuidPattern } from '../db/ids';

/**
 * Ordering a card (SPEC §2 /plans/card-selection, /plans/address, /plans/card/checkout): the options, a cart
 * that prices the order from the merchant's plan, and paying it, which takes the price through the ledger and makes
 * the card in ONE transaction. Knows nothing of HTTP.
 */

/** How long a priced order can be paid. */
export const cartTtlMs = 30 * 60 * 1000;

const badField = (field: string, message: string) =>
  new AppError('validation_failed', 400, 'Some fields are missing or not valid.', {
    fields: { [field]: message },
  });
const cartNotFound = () => new AppError('not_found', 404, 'This card order does not exist.');
const limitReached = (form: CardForm) =>
  new AppError(
    'card_limit_reached',
    422,
    `This person already has ${maxCardsPerUser[form]} ${form} cards, the most one person may hold.`,
    { details: { form, max: maxCardsPerUser[form] } },
  );

/** A disabled person cannot sign in (server/auth/), so they get no card until the owner enables them again. */
const holderDisabled = () =>
  badField('holder_user_id', 'This person is disabled: enable them on the team page or choose someone else.');

const priceOf = (plan: Plan, form: CardForm) =>
  form === 'physical' ? plan.physicalCardPriceMinor : plan.virtualCardPriceMinor;

/** Cards not destroyed that each user of the merchant holds, per form. */
async function cardsHeld(db: Db, merchantId: string, userId?: string) {
  let query = db
    .selectFrom('cards')
    .select(['holder_user_id', 'form', (eb) => eb.fn.countAll<string | number | bigint>().as('n')])
    .where('merchant_id', '=', merchantId)
    .where('status', '<>', 'destroyed')
    .groupBy(['holder_user_id', 'form']);
  if (userId) query = query.where('holder_user_id', '=', userId);
  const rows = await query.execute();
  const held = new Map<string, Record<CardForm, number>>();
  for (const row of rows) {
    const counts = held.get(row.holder_user_id) ?? { physical: 0, virtual: 0 };
    counts[row.form] = Number(row.n);
    held.set(row.holder_user_id, counts);
  }
  return held;
}

/** The merchant's accounts a card can spend from: those in the plan's currency, which prices the card. */
async function cardAccounts(db: Db, merchantId: string, plan: Plan) {
  return db
    .selectFrom('ledger_accounts')
    .select(['id', 'currency', 'balance_minor'])
    .where('merchant_id', '=', merchantId)
    .where('kind', '=', 'merchant')
    .where('currency', '=', plan.currency)
    .orderBy('created_at')
    .execute();
}

/**
 * cardOptions: prices from the merchant's plan, colours, the accounts a card may spend from, and every enabled user of
 * the merchant with how many more physical and virtual cards each may hold. Disabled users are left out here and
 * refused as holders by `cartInitialize` and `cartPay`.
 */
export async function cardOptions(db: Database, actor: CardActor): Promise<CardOptions> {
  const plan = await planOf(db, actor.merchantId);
  const accounts = await cardAccounts(db, actor.merchantId, plan);
  const users = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'is_owner'])
    .where('merchant_id', '=', actor.merchantId)
    .where('status', '=', 'enabled')
    .orderBy('is_owner', 'desc')
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const held = await cardsHeld(db, actor.merchantId);
  const holders: CardHolder[] = users.map((user) => {
    const counts = held.get(user.id) ?? { physical: 0, virtual: 0 };
    return {
      user_id: user.id,
      name: `${user.first_name} ${user.last_name}`.trim(),
      is_owner: user.is_owner,
      remaining: {
        physical: Math.max(0, maxCardsPerUser.physical - counts.physical),
        virtual: Math.max(0, maxCardsPerUser.virtual - counts.virtual),
      },
    };
  });
  return {
    plan: { id: plan.id, name: plan.name, cashback_rate_bp: plan.cashbackRateBp },
    prices: {
      physical: moneyOf(plan.physicalCardPriceMinor, plan.currency),
      virtual: moneyOf(plan.virtualCardPriceMinor, plan.currency),
    },
    colours: [...cardColours],
    account_types: accounts.map((a) => a.currency.trim().toLowerCase()),
    holders,
  };
}

type CartRow = {
  id: string;
  form: CardForm;
  colour: string;
  name: string;
  usage: 'single' | 'multiple';
  holder_user_id: string;
  first_name: string;
  last_name: string;
  account_id: string;
  account_currency: string;
  balance_minor: bigint;
  shipping_address: unknown;
  price_minor: bigint;
  currency: string;
  expires_at: Date;
};

function cartQuery(db: Db) {
  return db
    .selectFrom('card_carts as k')
    .innerJoin('users as u', 'u.id', 'k.holder_user_id')
    .innerJoin('ledger_accounts as a', 'a.id', 'k.account_id')
    .select([
      'k.id',
      'k.form',
      'k.colour',
      'k.name',
      'k.usage',
      'k.holder_user_id',
      'u.first_name',
      'u.last_name',
      'k.account_id',
      'a.currency as account_currency',
      'a.balance_minor',
      'k.shipping_address',
      'k.price_minor',
      'k.currency',
      'k.expires_at',
    ]);
}

function cartView(row: CartRow): Cart {
  const accountCurrency = row.account_currency.trim();
  return {
    id: row.id,
    form: row.form,
    colour: row.colour as Cart['colour'],
    name: row.name,
    usage: row.usage,
    holder: { user_id: row.holder_user_id, name: `${row.first_name} ${row.last_name}`.trim() },
    account_type: accountCurrency.toLowerCase(),
    shipping_address: snapshotAddress(row.shipping_address),
    price: moneyOf(row.price_minor, row.currency),
    available_balance: moneyOf(row.balance_minor, accountCurrency),
    expires_at: row.expires_at.toISOString(),
  };
}

/**
 * cartInitialize: checks the order (the holder is a user of the merchant with room for another card of the form, a
 * physical card has a shipping address and a virtual one none, the account is the merchant's in the plan's currency),
 * prices it from the plan and keeps it for 30 minutes. Nothing is paid and no address is saved yet.
 */
export async function cartInitialize(
  db: Database,
  actor: CardActor,
  body: CartBody,
  now: Date = new Date(),
): Promise<Cart> {
  const holderId = body.holder_user_id ?? actor.userId;
  const holder = await db
    .selectFrom('users')
    .select('status')
    .where('id', '=', holderId)
    .where('merchant_id', '=', actor.merchantId)
    .executeTakeFirst();
  if (!holder) throw badField('holder_user_id', 'Choose a person of your company.');
  if (holder.status !== 'enabled') throw holderDisabled();

  let shipping: ShippingAddress | null = null;
  let saveAddress = false;
  if (body.form === 'physical') {
    if (!body.shipping) throw badField('shipping', 'A physical card needs a shipping address.');
    if ('address_id' in body.shipping) {
      shipping = await addressById(db, actor.merchantId, body.shipping.address_id);
    } else {
      shipping = body.shipping.address;
      saveAddress = body.shipping.save === true;
    }
  } else if (body.shipping) {
    throw badField('shipping', 'A virtual card is not shipped: leave the address out.');
  }

  const plan = await planOf(db, actor.merchantId);
  const currency = body.account_type.toUpperCase();
  const account = (await cardAccounts(db, actor.merchantId, plan)).find(
    (a) => a.currency.trim() === currency,
  );
  if (!account) {
    throw badField(
      'account_type',
      `Cards spend from your ${plan.currency} account; you have no such account.`,
    );
  }
  const held = (await cardsHeld(db, actor.merchantId, holderId)).get(holderId);
  if ((held?.[body.form] ?? 0) >= maxCardsPerUser[body.form]) throw limitReached(body.form);

  const inserted = await db
    .insertInto('card_carts')
    .values({
      merchant_id: actor.merchantId,
      created_by: actor.userId,
      holder_user_id: holderId,
      form: body.form,
      colour: body.colour,
      name: body.name,
      usage: body.usage,
      account_id: account.id,
      shipping_address: shipping
        ? JSON.stringify({ ...shipping, line2: shipping.line2?.trim() || null })
        : null,
      save_address: saveAddress,
      plan_id: plan.id,
      price_minor: priceOf(plan, body.form),
      currency: plan.currency,
      expires_at: new Date(now.getTime() + cartTtlMs),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const row = await cartQuery(db).where('k.id', '=', inserted.id).executeTakeFirstOrThrow();
  return cartView(row);
}

export type CartPayResult = { order: CardOrderResult; replayed: boolean };

/** The card's number, not yet held by any card (drawn again on the astronomically rare collision). */
async function freshNumber(trx: Transaction<DB>, vault: CardVault): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const number = newCardNumber();
    const taken = await trx
      .selectFrom('cards')
      .select('id')
      .where('number_hmac', '=', vault.numberHmac(number))
      .executeTakeFirst();
    if (!taken) return number;
  }
  throw new Error('could not draw an unused card number');
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * cartPay: in ONE transaction, locks the cart (a second payment waits, then replays or is refused) and the holder
 * (two orders for one person cannot both slip under SPEC §9's 3 + 3), re-checks the per-person limit, takes the price
 * from the account through the ledger (a free card posts nothing), makes the card (physical: inactive until
 * activated; virtual: active), saves the new shipping address when asked and marks the cart paid. The same key
 * answers the first result; a cart paid with another key is 409 cart_paid; an expired one 410 cart_expired.
 * Too little money: 422 with SPEC §8's message, and nothing changed.
 */
export async function cartPay(
  db: Database,
  vault: CardVault,
  actor: CardActor,
  cartId: string,
  idempotencyKey: string,
  now: Date = new Date(),
): Promise<CartPayResult> {
  if (!uuidPattern.test(cartId)) throw cartNotFound();
  let paid: { cardId: string; transferId: string | null; replayed: boolean };
  try {
    paid = await db.transaction().execute(async (trx) => {
      const cart = await trx
        .selectFrom('card_carts')
        .selectAll()
        .where('id', '=', cartId)
        .forUpdate()
        .executeTakeFirst();
      if (!cart || cart.merchant_id !== actor.merchantId) throw cartNotFound();
      if (cart.paid_at !== null && cart.card_id !== null) {
        if (cart.pay_idempotency_key === idempotencyKey) {
          return { cardId: cart.card_id, transferId: cart.transfer_id, replayed: true };
        }
        throw new AppError('cart_paid', 409, 'This card order has already been paid.');
      }
      const keyUsed = await trx
        .selectFrom('card_carts')
        .select('id')
        .where('merchant_id', '=', actor.merchantId)
        .where('pay_idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
      if (keyUsed) {
        throw new AppError('conflict', 409, 'This idempotency key was already used for a different request.');
      }
      if (cart.expires_at <= now) {
        throw new AppError('cart_expired', 410, 'This card order expired; start it again.');
      }

      // The holder's row is the lock that serialises every order for one person; disabling them updates the same
      // row, so a holder disabled after the cart was made is seen here.
      const holder = await trx
        .selectFrom('users')
        .select('status')
        .where('id', '=', cart.holder_user_id)
        .forUpdate()
        .executeTakeFirst();
      if (holder?.status !== 'enabled') throw holderDisabled();
      const held = (await cardsHeld(trx, actor.merchantId, cart.holder_user_id)).get(cart.holder_user_id);
      if ((held?.[cart.form] ?? 0) >= maxCardsPerUser[cart.form]) throw limitReached(cart.form);

      let transferId: string | null = null;
      if (cart.price_minor > 0n) {
        try {
          const posted = await postTransfer(trx, {
            type: 'card_order',
            status: 'paid',
            amountMinor: cart.price_minor,
            currency: cart.currency,
            debitAccountId: cart.account_id,
            creditAccountId: await systemAccount(trx, cart.currency, 'fees'),
            counterpartyName: 'Tameio',
            reference: `Card order: ${cart.form} card "${cart.name}"`,
            initiatedBy: actor.userId,
            // One payment per cart, whatever else happens.
            idempotencyKey: `card-cart:${cart.id}`,
          });
          transferId = posted.transfer.id;
        } catch (error) {
          if (error instanceof AppError && error.code === 'insufficient_funds') {
            throw new AppError('insufficient_funds', 422, insufficientFundsMessage);
          }
          throw error;
        }
      }

      const cardId = randomUUID();
      const number = await freshNumber(trx, vault);
      const expiry = expiryFrom(now);
      const shipping = snapshotAddress(cart.shipping_address);
      await trx
        .insertInto('cards')
        .values({
          id: cardId,
          merchant_id: cart.merchant_id,
          holder_user_id: cart.holder_user_id,
          created_by: actor.userId,
          form: cart.form,
          colour: cart.colour,
          name: cart.name,
          usage: cart.usage,
          status: cart.form === 'physical' ? 'inactive' : 'active',
          last4: number.slice(-4),
          number_hmac: vault.numberHmac(number),
          number_enc: vault.seal(cardId, 'number', number),
          cvv_enc: vault.seal(cardId, 'cvv', newCvv()),
          expiry_enc: vault.seal(cardId, 'expiry', `${expiry.year}-${String(expiry.month).padStart(2, '0')}`),
          account_id: cart.account_id,
          shipping_address: shipping ? JSON.stringify({ ...shipping, line2: shipping.line2 ?? null }) : null,
          order_transfer_id: transferId,
          activated_at: cart.form === 'virtual' ? now : null,
        })
        .execute();
      if (shipping && cart.save_address) {
        await saveShippingAddress(trx, cart.merchant_id, actor.userId, shipping);
      }
      await trx
        .updateTable('card_carts')
        .set({ paid_at: now, pay_idempotency_key: idempotencyKey, card_id: cardId, transfer_id: transferId })
        .where('id', '=', cart.id)
        .execute();
      return { cardId, transferId, replayed: false };
    });
  } catch (error) {
    // The same key on two carts at once: the other committed first.
    if (isUniqueViolation(error)) {
      throw new AppError('conflict', 409, 'This idempotency key was already used for a different request.');
    }
    throw error;
  }
  // Whoever placed the order sees the card it made, whoever holds it.
  const card = await cardById(db, { ...actor, isOwner: true }, paid.cardId);
  return { order: { card, transaction_id: paid.transferId }, replayed: paid.replayed };
}

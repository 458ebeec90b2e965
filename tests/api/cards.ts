import { api, bodyOf, type BodyOf, type JsonBodyOf } from './client';
import type { TestServer } from './harness';
import { newKey, type MoneyMerchant } from './money';

/** Shared by the card tests: order, act on and authorise cards through the real API. */

type CartBody = JsonBodyOf<'POST', '/api/merchants/cards/cart/'>;

export const virtualCart = {
  form: 'virtual',
  colour: 'blue',
  name: 'Team card',
  usage: 'multiple',
  account_type: 'eur',
} satisfies CartBody;

export const address = { country: 'GR', postal_code: '105 57', city: 'Athens', line1: 'Ermou 12' };

export const physicalCart = {
  ...virtualCart,
  form: 'physical',
  colour: 'midnight',
  name: 'Counter card',
  shipping: { address, save: true },
} satisfies CartBody;

type CardSecret = BodyOf<'POST', '/api/merchants/cards/{id}/reveal/', 200>;

/** A revealed secret as the kind that was asked for: the contract answers a union over `what`. */
export function secretOf<W extends CardSecret['what']>(
  secret: CardSecret,
  what: W,
): Extract<CardSecret, { what: W }> {
  const isKind = (value: CardSecret): value is Extract<CardSecret, { what: W }> => value.what === what;
  if (!isKind(secret)) throw new Error(`revealed ${secret.what}, asked for ${what}`);
  return secret;
}

export async function setPlan(server: TestServer, merchantId: string, plan: 'free' | 'business' | 'premium') {
  await server.db.updateTable('merchants').set({ plan_id: plan }).where('id', '=', merchantId).execute();
}

/** Prices and pays a card order; fails the test unless both succeed. */
export async function orderCard(
  server: TestServer,
  merchant: Pick<MoneyMerchant, 'token'>,
  body: CartBody = virtualCart,
) {
  const cart = bodyOf(
    await api(server.app, 'POST', '/api/merchants/cards/cart/', { token: merchant.token, body }),
    201,
    'cartInitialize',
  );
  const paid = bodyOf(
    await api(server.app, 'POST', '/api/merchants/cards/cart/{id}/pay/', {
      params: { id: cart.id },
      token: merchant.token,
      headers: { 'idempotency-key': newKey('pay') },
    }),
    201,
    'cartPay',
  );
  return { cart, card: paid.card, transactionId: paid.transaction_id };
}

type AuthorizationBody = JsonBodyOf<'POST', '/api/sandbox/card_authorizations/'>;

/** A card payment as the network sends it; the shop, currency and category have defaults. */
export type AuthorizationInput = Partial<AuthorizationBody> & Pick<AuthorizationBody, 'amount_minor'>;

export async function authorize(server: TestServer, input: AuthorizationInput, key = newKey('auth')) {
  return api(server.app, 'POST', '/api/sandbox/card_authorizations/', {
    body: { merchant_name: 'Corner Shop', currency: 'EUR', category: 'pos', ...input },
    headers: { 'idempotency-key': key },
  });
}

/** What a refused request must leave as it was: the card tables and the ledger's row counts. */
export async function cardTableCounts(server: TestServer): Promise<Record<string, number>> {
  const tables = [
    'cards',
    'card_carts',
    'card_authorizations',
    'cashback_accruals',
    'merchant_addresses',
    'transfers',
    'ledger_entries',
  ] as const;
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const row = await server.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

export async function balanceOf(server: TestServer, accountId: string): Promise<bigint> {
  const row = await server.db
    .selectFrom('ledger_accounts')
    .select('balance_minor')
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  return row.balance_minor;
}

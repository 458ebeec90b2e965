/**
 * Cards (SPEC §2 plans and cards routes, §3 Card, §4 card states, §9 card constants; docs/product.md "Cards").
 *
 * Endpoints (operationId), all secured (approved merchant), under /api/merchants/:
 * - GET    cards/options/            cardOptions      → CardOptions: prices, colours, holders with what each may still
 *                                                        order                                    (area 'add-card')
 * - POST   cards/cart/               cartInitialize   CartBody → 201 Cart: the order priced, not paid (area 'add-card')
 * - POST   cards/cart/{id}/pay/      cartPay          Idempotency-Key → 201 CardOrderResult: the price taken from the
 *                                                        wallet through the ledger and the card made, in one
 *                                                        transaction; 422 insufficient_funds, 422 card_limit_reached
 *                                                                                                  (area 'add-card')
 * - GET    cards/                    cards            → CardsResponse (owner: every card of the merchant; anyone
 *                                                        else: the cards assigned to them)          (area 'cards')
 * - GET    cards/{id}/               card             → Card                                     (area 'cards')
 * - PATCH  cards/{id}/               updateCard       CardUpdateBody → Card (name, alias)        (area 'cards')
 * - POST   cards/{id}/{action}/      cardAction       action ∈ CardAction → Card; a transition that the card's status
 *                                                        does not allow is 409 card_status      (area 'cards')
 * - DELETE cards/{id}/               deleteCard       → Card, status destroyed (final)           (area 'cards')
 * - PUT    cards/{id}/pin/           setCardPin       CardPinBody → 204 (4 digits; physical cards only)
 * - PUT    cards/{id}/epin/          setCardEpin      CardEpinBody → 204 (5 digits, SPEC §9)
 * - POST   cards/{id}/reveal/        revealCard       CardRevealBody + X-Step-Up-Token (purpose `card_reveal`) →
 *                                                        CardSecret; without a fresh grant 403 step_up_required;
 *                                                        `Cache-Control: no-store`
 * - GET    cards/{id}/limits/        cardLimits       → CardLimits                               (area 'cards')
 * - PUT    cards/{id}/limits/        setCardLimits    CardLimits → CardLimits                    (area 'cards')
 * - GET    cashback/                 cashback         → CashbackResponse                         (area 'cashback')
 * - GET    addresses/                merchantAddresses → AddressesResponse: saved addresses (registered and trading from
 *                                                        onboarding, shipping ones saved here)
 *                                                        (area 'my-addresses': the company's addresses, SPEC §6)
 *
 * Sandbox (never in production): POST /api/sandbox/card_authorizations/ (sandboxCardAuthorization,
 * CardAuthorizationBody + Idempotency-Key → CardAuthorizationResult) and POST /api/sandbox/cashback/payout/
 * (sandboxCashbackPayout, CashbackPayoutBody → CashbackPayoutResult).
 *
 * Errors beyond the usual: cartPay 409 cart_paid (paid with another key), 409 conflict (the key was used on another
 * order), 410 cart_expired; card actions 409 card_status (details.status); PIN on a virtual card, or a reveal of a
 * PIN never set, 409 conflict.
 *
 * Who may act on a card: the owner on every card of the merchant; another user only on a card assigned to them;
 * a viewer only reads. Another merchant's card is 404. Card number, CVV, PIN and e-PIN are encrypted at rest and
 * appear in no list, no log and no response but `revealCard`'s.
 */
import { z } from 'zod';
import { text } from './text';
import { AmountMinor } from './money';
import { Money } from './overview.schema';

/** SPEC §9: at most 3 physical and 3 virtual cards per user (cards not destroyed count). */
export const maxCardsPerUser = { physical: 3, virtual: 3 } as const;

export const cardForms = ['physical', 'virtual'] as const;
export const CardForm = z.enum(cardForms);
export type CardForm = z.infer<typeof CardForm>;

/** The card faces on offer; each paints its text in a colour that reaches 4.5:1 on it (src/ui/CardFace.tsx). */
export const cardColours = ['blue', 'midnight', 'graphite', 'emerald', 'coral'] as const;
export const CardColour = z.enum(cardColours);
export type CardColour = z.infer<typeof CardColour>;

/** Single use: the card is restricted after its first approved payment. */
export const CardUsage = z.enum(['single', 'multiple']);
export type CardUsage = z.infer<typeof CardUsage>;

/** SPEC §4: Active, Inactive, Lost, Destroyed, and restricted, frozen. */
export const cardStatuses = ['active', 'inactive', 'frozen', 'lost', 'destroyed', 'restricted'] as const;
export const CardStatus = z.enum(cardStatuses);
export type CardStatus = z.infer<typeof CardStatus>;

/**
 * The transitions a user may ask for, with the statuses each starts from; anything else is 409 `card_status`.
 * `restricted` is set by the bank (a spent single-use card, or the sandbox), never by a user. Destroyed is final.
 */
export const cardTransitions = {
  activate: { from: ['inactive'], to: 'active' },
  freeze: { from: ['active'], to: 'frozen' },
  unfreeze: { from: ['frozen'], to: 'active' },
  report_lost: { from: ['active', 'inactive', 'frozen'], to: 'lost' },
  destroy: { from: ['active', 'inactive', 'frozen', 'lost', 'restricted'], to: 'destroyed' },
} as const satisfies Record<string, { from: readonly CardStatus[]; to: CardStatus }>;
export type CardTransition = keyof typeof cardTransitions;

/** The transitions `cardAction` takes (destroy is `deleteCard`). */
export const CardAction = z.enum(['activate', 'freeze', 'unfreeze', 'report_lost']);
export type CardAction = z.infer<typeof CardAction>;

export function canTransition(status: CardStatus, transition: CardTransition): boolean {
  return (cardTransitions[transition].from as readonly CardStatus[]).includes(status);
}

/**
 * Transitions that only a card one can hold has: a virtual card cannot be lost (it is frozen, or deleted, if its
 * details may have leaked).
 */
const physicalOnly: ReadonlySet<CardTransition> = new Set<CardTransition>(['report_lost']);

/** Whether this card (its status and its form) may take the transition. */
export function cardCanTransition(
  card: { status: CardStatus; form: CardForm },
  transition: CardTransition,
): boolean {
  if (card.form !== 'physical' && physicalOnly.has(transition)) return false;
  return canTransition(card.status, transition);
}

/** The longest card name or alias (SPEC §5). */
export const cardNameMaxLength = 26;

/** Card name (SPEC §5: Latin characters, no special characters), also the alias. */
export const CardName = text()
  .trim()
  .min(1, 'This field is required.')
  .max(cardNameMaxLength, `Max ${cardNameMaxLength} characters.`)
  .regex(/^[A-Za-z0-9 .'-]+$/, "Only Latin letters, digits, spaces and . ' - are allowed.");

export const ShippingAddress = z
  .object({
    country: text().regex(/^[A-Z]{2}$/, 'A country code.'),
    postal_code: text()
      .trim()
      .toUpperCase()
      .min(1, 'This field is required.')
      .max(10, 'Max 10 characters.')
      .regex(/^[A-Z0-9][A-Z0-9 -]*$/, 'Invalid format.'),
    city: text().trim().min(1, 'This field is required.').max(60, 'Max 60 characters.'),
    line1: text().trim().min(1, 'This field is required.').max(100, 'Max 100 characters.'),
    line2: text().trim().max(100, 'Max 100 characters.').optional(),
  })
  .meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.infer<typeof ShippingAddress>;

export const AddressKind = z.enum(['registered', 'trading', 'shipping']);
export const SavedAddress = ShippingAddress.extend({ id: z.uuid(), kind: AddressKind }).meta({
  id: 'SavedAddress',
});
export type SavedAddress = z.infer<typeof SavedAddress>;
/** A saved address as /my-addresses shows it: with its map pin and whether it is the default. */
export const MerchantAddress = SavedAddress.extend({
  /** The map pin (WGS 84), null until one is placed. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** The one address offered first (e.g. where a card is shipped); at most one per merchant. */
  is_default: z.boolean(),
}).meta({ id: 'MerchantAddress' });
export type MerchantAddress = z.infer<typeof MerchantAddress>;
export const AddressesResponse = z
  .object({ items: z.array(MerchantAddress) })
  .meta({ id: 'AddressesResponse' });
export type AddressesResponse = z.infer<typeof AddressesResponse>;

/** A user of the merchant a card can be assigned to, and how many more of each form they may hold. */
export const CardHolder = z
  .object({
    user_id: z.uuid(),
    name: text(),
    is_owner: z.boolean(),
    remaining: z.object({ physical: z.number().int(), virtual: z.number().int() }),
  })
  .meta({ id: 'CardHolder' });
export type CardHolder = z.infer<typeof CardHolder>;

export const CardOptions = z
  .object({
    /** The merchant's plan (the `plans` table, migration 017), which sets prices and the cashback rate. */
    plan: z.object({ id: text(), name: text(), cashback_rate_bp: z.number().int() }),
    prices: z.object({ physical: Money, virtual: Money }),
    colours: z.array(CardColour),
    /** The merchant's account currencies a card can spend from (`eur`). */
    account_types: z.array(text()),
    holders: z.array(CardHolder),
  })
  .meta({ id: 'CardOptions' });
export type CardOptions = z.infer<typeof CardOptions>;

/** The card being ordered (SPEC §2 /plans/card-selection/:id, /plans/address, /plans/card/checkout/:card?). */
export const CartBody = z
  .object({
    form: CardForm,
    colour: CardColour,
    name: CardName,
    usage: CardUsage,
    /** The user the card is for; the caller when left out. */
    holder_user_id: z.uuid().optional(),
    /** The account the card spends from and the price is paid from (`eur`). */
    account_type: text().regex(/^[a-z]{3}$/, 'An account type such as eur.'),
    /** Physical cards only (400 otherwise, and 400 when a physical card has none): a saved address or a new one. */
    shipping: z
      .union([
        z.object({ address_id: z.uuid() }).strict(),
        z.object({ address: ShippingAddress, save: z.boolean().optional() }).strict(),
      ])
      .optional(),
  })
  .strict()
  .meta({ id: 'CartBody' });
export type CartBody = z.infer<typeof CartBody>;

export const Cart = z
  .object({
    id: z.uuid(),
    form: CardForm,
    colour: CardColour,
    name: text(),
    usage: CardUsage,
    holder: z.object({ user_id: z.uuid(), name: text() }),
    account_type: text(),
    shipping_address: ShippingAddress.nullable(),
    price: Money,
    /** What the account can spend now, so the checkout can say before paying whether it will go through. */
    available_balance: Money,
    expires_at: text(),
  })
  .meta({ id: 'Cart' });
export type Cart = z.infer<typeof Cart>;

export const CardLimitCategory = z.enum(['card_transaction', 'card_purchase', 'card_ecommerce', 'card_cash']);
export type CardLimitCategory = z.infer<typeof CardLimitCategory>;
export const cardLimitCategories = CardLimitCategory.options;

/**
 * The limits a card of each form has: a virtual card pays online only, so it has no in-shop (card_purchase) or cash
 * (card_cash) limit; those stay null (unlimited, and never reached) and the server refuses to set them.
 */
export const cardLimitCategoriesOf = {
  physical: cardLimitCategories,
  virtual: ['card_transaction', 'card_ecommerce'],
} as const satisfies Record<CardForm, readonly CardLimitCategory[]>;

/** SPEC §9: one frequency for all limits. */
export const LimitFrequency = z.enum(['daily', 'weekly', 'monthly', 'yearly']);
export type LimitFrequency = z.infer<typeof LimitFrequency>;

/**
 * Limits in the card's account currency, integer minor units as decimal strings; null is unlimited. Windows are
 * calendar periods in Europe/Athens (the bank's time zone): a day from midnight, a week from Monday, a month from the
 * 1st, a year from 1 January. card_transaction caps every payment, card_purchase POS, card_ecommerce online and
 * card_cash ATM.
 */
export const CardLimits = z
  .object({
    frequency: LimitFrequency,
    limits: z
      .object({
        card_transaction: AmountMinor.nullable(),
        card_purchase: AmountMinor.nullable(),
        card_ecommerce: AmountMinor.nullable(),
        card_cash: AmountMinor.nullable(),
      })
      .strict(),
  })
  .strict()
  .meta({ id: 'CardLimits' });
export type CardLimits = z.infer<typeof CardLimits>;

/** What was spent in the current window, per category (for the limits screen). */
export const CardLimitsView = CardLimits.extend({
  currency: text().length(3),
  window_start: text(),
  spent: z.object({
    card_transaction: text(),
    card_purchase: text(),
    card_ecommerce: text(),
    card_cash: text(),
  }),
}).meta({ id: 'CardLimitsView' });
export type CardLimitsView = z.infer<typeof CardLimitsView>;

export const Card = z
  .object({
    id: z.uuid(),
    form: CardForm,
    colour: CardColour,
    name: text(),
    alias: text().nullable(),
    usage: CardUsage,
    status: CardStatus,
    /** The only part of the number ever listed. */
    last4: text().regex(/^\d{4}$/),
    holder: z.object({ user_id: z.uuid(), name: text() }),
    account_type: text(),
    currency: text().length(3),
    has_pin: z.boolean(),
    has_epin: z.boolean(),
    shipping_address: ShippingAddress.nullable(),
    limits: CardLimits,
    created_at: text(),
  })
  .meta({ id: 'Card' });
export type Card = z.infer<typeof Card>;

export const CardsResponse = z.object({ items: z.array(Card) }).meta({ id: 'CardsResponse' });
export type CardsResponse = z.infer<typeof CardsResponse>;

export const CardOrderResult = z
  .object({ card: Card, transaction_id: text().nullable() })
  .meta({ id: 'CardOrderResult' });
export type CardOrderResult = z.infer<typeof CardOrderResult>;

export const CardUpdateBody = z
  .object({ name: CardName.optional(), alias: CardName.nullable().optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.alias !== undefined, 'Give a name or an alias.')
  .meta({ id: 'CardUpdateBody' });
export type CardUpdateBody = z.infer<typeof CardUpdateBody>;

/** No PIN a thief would try first: not all one digit, not a straight run up or down. */
function guessable(digits: string): boolean {
  if (/^(\d)\1+$/.test(digits)) return true;
  const steps = [...digits].slice(1).map((d, i) => Number(d) - Number(digits[i]));
  return steps.every((step) => step === 1) || steps.every((step) => step === -1);
}

/** How many digits the card's PIN (for the terminal) and its e-PIN (SPEC §9, for online payments) have. */
export const pinDigits = { pin: 4, epin: 5 } as const;

export const CardPinBody = z
  .object({
    pin: text()
      .regex(new RegExp(`^\\d{${pinDigits.pin}}$`), `The PIN has ${pinDigits.pin} digits.`)
      .refine((pin) => !guessable(pin), 'Choose a PIN that is harder to guess.'),
  })
  .strict()
  .meta({ id: 'CardPinBody' });
export const CardEpinBody = z
  .object({
    epin: text()
      .regex(new RegExp(`^\\d{${pinDigits.epin}}$`), `The e-PIN has ${pinDigits.epin} digits.`)
      .refine((epin) => !guessable(epin), 'Choose an e-PIN that is harder to guess.'),
  })
  .strict()
  .meta({ id: 'CardEpinBody' });

export const CardRevealBody = z
  .object({ what: z.enum(['details', 'pin', 'epin']) })
  .strict()
  .meta({ id: 'CardRevealBody' });
export type CardRevealBody = z.infer<typeof CardRevealBody>;

export const CardSecret = z
  .discriminatedUnion('what', [
    z.object({
      what: z.literal('details'),
      number: text().regex(/^\d{16}$/),
      expiry_month: z.number().int(),
      expiry_year: z.number().int(),
      cvv: text().regex(/^\d{3}$/),
    }),
    z.object({ what: z.literal('pin'), pin: text() }),
    z.object({ what: z.literal('epin'), epin: text() }),
  ])
  .meta({ id: 'CardSecret' });
export type CardSecret = z.infer<typeof CardSecret>;

export const CardParams = z.object({ id: z.uuid() });
export const CardActionParams = z.object({ id: z.uuid(), action: CardAction });
export const CartParams = z.object({ id: z.uuid() });

// ---- Authorisation path (sandbox rails) ----

export const AuthorizationCategory = z.enum(['pos', 'online', 'atm']);
export type AuthorizationCategory = z.infer<typeof AuthorizationCategory>;

export const CardAuthorizationBody = z
  .object({
    /** The card by id, or by its number as a card network would send it: exactly one of the two. */
    card_id: z.uuid().optional(),
    card_number: text()
      .regex(/^\d{16}$/)
      .optional(),
    merchant_name: text().trim().min(1).max(80),
    amount_minor: AmountMinor,
    currency: text().regex(/^[A-Z]{3}$/),
    category: AuthorizationCategory,
    /** The authorisation's clock (sandbox only, for limit windows); now when left out. */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict()
  .refine((body) => (body.card_id === undefined) !== (body.card_number === undefined), {
    message: 'Give card_id or card_number.',
    path: ['card_id'],
  })
  .meta({ id: 'CardAuthorizationBody' });
export type CardAuthorizationBody = z.infer<typeof CardAuthorizationBody>;

export const declineReasons = [
  'card_frozen',
  'card_lost',
  'card_destroyed',
  'card_inactive',
  'card_restricted',
  'limit_card_transaction',
  'limit_card_purchase',
  'limit_card_ecommerce',
  'limit_card_cash',
  'insufficient_funds',
  'currency_mismatch',
] as const;
export const DeclineReason = z.enum(declineReasons);
export type DeclineReason = z.infer<typeof DeclineReason>;

export const CardAuthorizationResult = z
  .object({
    authorization_id: z.uuid(),
    approved: z.boolean(),
    decline_reason: DeclineReason.nullable(),
    /** The card transaction in the ledger (a declined one is listed with status declined and moves nothing). */
    transaction_id: text().nullable(),
    /** Cashback accrued by this purchase (none for ATM, a decline, or a plan at 0). */
    cashback: Money.nullable(),
  })
  .meta({ id: 'CardAuthorizationResult' });
export type CardAuthorizationResult = z.infer<typeof CardAuthorizationResult>;

// ---- Cashback ----

export const CashbackItem = z
  .object({
    id: z.uuid(),
    transaction_id: text(),
    card_last4: text(),
    merchant_name: text(),
    purchase: Money,
    rate_bp: z.number().int(),
    amount: Money,
    accrued_at: text(),
    /** When it was paid into the account; null while it waits for the monthly payout. */
    paid_at: text().nullable(),
  })
  .meta({ id: 'CashbackItem' });
export type CashbackItem = z.infer<typeof CashbackItem>;

export const CashbackResponse = z
  .object({
    plan: z.object({ id: text(), name: text(), cashback_rate_bp: z.number().int() }),
    /** Per currency: everything earned, what was paid out, what waits for the next payout. */
    totals: z.array(z.object({ currency: text(), earned: Money, paid_out: Money, pending: Money })),
    /** The next payout date (the 1st of next month, Europe/Athens). */
    next_payout_at: text(),
    items: z.array(CashbackItem),
  })
  .meta({ id: 'CashbackResponse' });
export type CashbackResponse = z.infer<typeof CashbackResponse>;

/** The sandbox's payout run: every accrual before the start of `now`'s month (Europe/Athens) not yet paid. */
export const CashbackPayoutBody = z
  .object({ now: z.iso.datetime({ offset: true }).optional() })
  .strict()
  .meta({ id: 'CashbackPayoutBody' });
export type CashbackPayoutBody = z.infer<typeof CashbackPayoutBody>;

export const CashbackPayoutResult = z
  .object({
    /** One `cashback` transfer per account paid in this run (none when everything due was already paid). */
    payouts: z.array(
      z.object({
        account_id: z.uuid(),
        transaction_id: text(),
        amount: Money,
        accruals: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'CashbackPayoutResult' });
export type CashbackPayoutResult = z.infer<typeof CashbackPayoutResult>;

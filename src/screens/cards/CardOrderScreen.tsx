import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  canAfford,
  cardOrderMachine,
  cardOrderPath,
  holderHasRoom,
  selectCanPay,
  selectCanSkipPhysical,
  selectCardOptions,
  selectCardOrderBusy,
  selectCardOrderError,
  selectCardOrderFieldErrors,
  selectCardOrderStep,
  selectCart,
  selectOrderChoices,
  selectOrderForm,
  selectOrderResult,
  selectOrderShipping,
  selectPaying,
  selectPricing,
  selectSavedAddresses,
  formAvailable,
  type CardChoices,
  type CardOrderEntry,
  type CardOrderSnapshot,
} from '../../../machines/cardOrder.machine';
import { CardName, type CardColour, type CardForm, type CardUsage } from '../../../schemas/cards.schema';
import { api } from '../../api/client';
import { cardOrderActors } from '../../app/cardActors';
import { cardColourText, cardFieldText, cardFormText, cardUsageText } from '../../i18n/cardText';
import { formatMoney } from '../../i18n/formatMoney';
import { Button } from '../../ui/Button';
import { CardFace } from '../../ui/CardFace';
import { CheckoutFailed, CheckoutPay } from '../../ui/Checkout';
import { Alert, Muted, Row, Stack } from '../../ui/Layout';
import { WizardActions, WizardFrame, type WizardSummaryItem } from '../../ui/WizardFrame';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { AddressForm } from '../../ui/address/AddressForm';
import { addressText } from '../../ui/address/addressText';
import { Figures, LinkRow, Options } from '../../ui/Blocks';
import { SelectField } from '../../ui/SelectField';
import { LeaveJourneyDialog } from '../../app/LeaveJourneyDialog';
import { usePersistedJourney, useJourneyRestarts } from '../../app/usePersistedJourney';
import { cardOrderErrorText, cardOrderText as m } from './cardMessages';
import { Preview } from './parts';

type OrderActor = ActorRefFrom<typeof cardOrderMachine>;

function useJourney<T>(journey: OrderActor, selector: (snapshot: CardOrderSnapshot) => T) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey }: { journey: OrderActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectCardOrderError);
  if (!error) return null;
  return <Alert role="alert">{cardOrderErrorText(intl, error)}</Alert>;
}

function FormStep({ journey }: { journey: OrderActor }) {
  const intl = useIntl();
  const options = useJourney(journey, selectCardOptions);
  const available = {
    physical: useJourney(journey, (snapshot) => formAvailable(snapshot.context.data, 'physical')),
    virtual: useJourney(journey, (snapshot) => formAvailable(snapshot.context.data, 'virtual')),
  };
  const busy = useJourney(journey, selectCardOrderBusy);
  if (!options) return null;
  const forms: CardForm[] = ['physical', 'virtual'];
  return (
    <>
      <h1>{intl.formatMessage(m.formTitle)}</h1>
      <Muted>{intl.formatMessage(m.formIntro)}</Muted>
      <ErrorAlert journey={journey} />
      <Stack $gap={5}>
        {forms.map((form) => (
          <div key={form}>
            <Button
              variant="secondary"
              block
              disabled={busy || !available[form]}
              aria-describedby={`card-form-${form}`}
              onClick={() => journey.send({ type: 'form.selected', form })}
            >
              {cardFormText(intl, form)}
            </Button>
            <Muted id={`card-form-${form}`}>
              {[
                intl.formatMessage(m.priceOf, { price: formatMoney(intl, options.prices[form]) }),
                intl.formatMessage(form === 'physical' ? m.physicalHint : m.virtualHint),
                available[form] ? null : intl.formatMessage(m.noneLeft),
              ]
                .filter(Boolean)
                .join(' ')}
            </Muted>
          </div>
        ))}
      </Stack>
    </>
  );
}

function DetailsStep({ journey }: { journey: OrderActor }) {
  const intl = useIntl();
  const options = useJourney(journey, selectCardOptions);
  const form = useJourney(journey, selectOrderForm) ?? 'virtual';
  const chosen = useJourney(journey, selectOrderChoices);
  const busy = useJourney(journey, selectCardOrderBusy);
  const canSkip = useJourney(journey, selectCanSkipPhysical);
  const serverFields = useJourney(journey, selectCardOrderFieldErrors);
  const holders = options?.holders ?? [];
  const firstWithRoom =
    holders.find((holder) => holder.is_owner && holderHasRoom(holder, form)) ??
    holders.find((holder) => holderHasRoom(holder, form));
  const [colour, setColour] = useState<CardColour>(chosen?.colour ?? options?.colours[0] ?? 'blue');
  const [name, setName] = useState(chosen?.name ?? '');
  const [usage, setUsage] = useState<CardUsage>(chosen?.usage ?? 'multiple');
  const [holderUserId, setHolder] = useState(chosen?.holderUserId ?? firstWithRoom?.user_id ?? '');
  const [accountType, setAccount] = useState(chosen?.accountType ?? options?.account_types[0] ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const holder = holders.find((one) => one.user_id === holderUserId);
  const holderProblem = !holder || !holderHasRoom(holder, form);
  if (!options) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CardName.safeParse(name);
    setNameError(parsed.success ? null : cardFieldText(intl, parsed.error.issues[0]?.message ?? ''));
    if (!parsed.success || holderProblem || !accountType) return;
    const choices: CardChoices = { colour, name: parsed.data, usage, holderUserId, accountType };
    journey.send({ type: 'details.submit', choices });
  };

  return (
    <>
      <h1>{intl.formatMessage(form === 'physical' ? m.physicalTitle : m.virtualTitle)}</h1>
      <ErrorAlert journey={journey} />
      <Preview>
        <CardFace form={form} colour={colour} name={name.trim() || cardFormText(intl, form)} size="large" />
      </Preview>
      <form noValidate onSubmit={submit}>
        <Options disabled={busy}>
          <legend>{intl.formatMessage(m.colour)}</legend>
          {options.colours.map((one) => (
            <label key={one}>
              <input
                type="radio"
                name="colour"
                value={one}
                checked={colour === one}
                onChange={() => setColour(one)}
              />
              {cardColourText(intl, one)}
            </label>
          ))}
        </Options>
        <TextField
          label={intl.formatMessage(m.name)}
          hint={intl.formatMessage(m.nameHint)}
          name="name"
          autoComplete="off"
          maxLength={26}
          required
          disabled={busy}
          value={name}
          error={nameError ?? (serverFields['name'] ? cardFieldText(intl, serverFields['name']) : null)}
          onChange={(event) => setName(event.target.value)}
        />
        <Options disabled={busy}>
          <legend>{intl.formatMessage(m.usage)}</legend>
          {(['multiple', 'single'] as const).map((one) => (
            <label key={one}>
              <input
                type="radio"
                name="usage"
                value={one}
                checked={usage === one}
                onChange={() => setUsage(one)}
              />
              <span>
                {cardUsageText(intl, one)}
                <small>{intl.formatMessage(one === 'multiple' ? m.multipleHint : m.singleHint)}</small>
              </span>
            </label>
          ))}
        </Options>
        <SelectField
          label={intl.formatMessage(m.holder)}
          name="holder"
          disabled={busy}
          value={holderUserId}
          onChange={(event) => setHolder(event.target.value)}
        >
          {holders.map((holder) => (
            <option key={holder.user_id} value={holder.user_id} disabled={!holderHasRoom(holder, form)}>
              {holderHasRoom(holder, form)
                ? holder.name
                : intl.formatMessage(m.holderFull, { name: holder.name })}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={intl.formatMessage(m.account)}
          hint={intl.formatMessage(m.accountHint)}
          name="account"
          disabled={busy}
          value={accountType}
          onChange={(event) => setAccount(event.target.value)}
        >
          {options.account_types.map((type) => (
            <option key={type} value={type}>
              {intl.formatMessage(m.accountOption, { currency: type.toUpperCase() })}
            </option>
          ))}
        </SelectField>
        <WizardActions>
          <Button type="submit" disabled={busy || holderProblem}>
            {intl.formatMessage(m.continue)}
          </Button>
          <Button
            variant="secondary"
            data-back
            disabled={busy}
            onClick={() => journey.send({ type: 'form.change' })}
          >
            {intl.formatMessage(m.changeForm)}
          </Button>
        </WizardActions>
      </form>
      {canSkip ? (
        <Stack>
          <Muted>{intl.formatMessage(m.skipHint)}</Muted>
          <Row>
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => journey.send({ type: 'physical.skipped' })}
            >
              {intl.formatMessage(m.skipPhysical)}
            </Button>
          </Row>
        </Stack>
      ) : null}
    </>
  );
}

function AddressStep({ journey }: { journey: OrderActor }) {
  const intl = useIntl();
  const addresses = useJourney(journey, selectSavedAddresses);
  const shipping = useJourney(journey, selectOrderShipping);
  const busy = useJourney(journey, selectCardOrderBusy);
  const serverFields = useJourney(journey, selectCardOrderFieldErrors);
  return (
    <>
      <h1>{intl.formatMessage(m.addressTitle)}</h1>
      <ErrorAlert journey={journey} />
      <AddressForm
        addresses={addresses}
        chosen={shipping}
        busy={busy}
        serverFields={serverFields}
        onChosen={(addressId) => journey.send({ type: 'address.chosen', addressId })}
        onEntered={(address, save) => journey.send({ type: 'address.entered', address, save })}
        back={{
          label: intl.formatMessage(m.backToDetails),
          onClick: () => journey.send({ type: 'details.change' }),
        }}
      />
    </>
  );
}

function CheckoutStep({ journey }: { journey: OrderActor }) {
  const intl = useIntl();
  const cart = useJourney(journey, selectCart);
  const pricing = useJourney(journey, selectPricing);
  const paying = useJourney(journey, selectPaying);
  const busy = useJourney(journey, selectCardOrderBusy);
  const canPay = useJourney(journey, selectCanPay);
  const error = useJourney(journey, selectCardOrderError);
  return (
    <CheckoutPay
      text={{ ...m, title: m.checkoutTitle }}
      alert={<ErrorAlert journey={journey} />}
      preparing={pricing || !cart}
      affordable={!cart || canAfford(cart)}
      networkError={error === 'network'}
      paying={paying}
      busy={busy}
      canPay={canPay}
      onPay={() => journey.send({ type: 'order.pay' })}
      onChange={() => journey.send({ type: 'order.change' })}
    >
      {cart ? (
        <>
          <Preview>
            <CardFace form={cart.form} colour={cart.colour} name={cart.name} />
          </Preview>
          <Figures>
            <dt>{intl.formatMessage(m.card)}</dt>
            <dd>
              {intl.formatMessage(m.cardSummary, {
                form: cardFormText(intl, cart.form),
                colour: cardColourText(intl, cart.colour),
                usage: cardUsageText(intl, cart.usage),
              })}
            </dd>
            <dt>{intl.formatMessage(m.name)}</dt>
            <dd>{cart.name}</dd>
            <dt>{intl.formatMessage(m.holder)}</dt>
            <dd>{cart.holder.name}</dd>
            <dt>{intl.formatMessage(m.account)}</dt>
            <dd>{intl.formatMessage(m.accountOption, { currency: cart.account_type.toUpperCase() })}</dd>
            {cart.shipping_address ? (
              <>
                <dt>{intl.formatMessage(m.shipsTo)}</dt>
                <dd>{addressText(intl, cart.shipping_address)}</dd>
              </>
            ) : null}
            <dt>{intl.formatMessage(m.price)}</dt>
            <dd>{formatMoney(intl, cart.price)}</dd>
            <dt>{intl.formatMessage(m.available)}</dt>
            <dd>{formatMoney(intl, cart.available_balance)}</dd>
          </Figures>
        </>
      ) : null}
    </CheckoutPay>
  );
}

function FailedStep({ journey }: { journey: OrderActor }) {
  const error = useJourney(journey, selectCardOrderError);
  return (
    <CheckoutFailed
      text={{ ...m, title: m.failedTitle, body: m.failedBody }}
      error={error}
      errorText={cardOrderErrorText}
      onBack={() => journey.send({ type: 'order.review' })}
    />
  );
}

function OrderedStep({ journey }: { journey: OrderActor }) {
  const intl = useIntl();
  const result = useJourney(journey, selectOrderResult);
  if (!result) return null;
  const { card } = result;
  const physical = card.form === 'physical';
  return (
    <>
      <h1>{intl.formatMessage(physical ? m.orderedPhysicalTitle : m.orderedVirtualTitle)}</h1>
      <Preview>
        <CardFace
          form={card.form}
          colour={card.colour}
          name={card.name}
          last4={card.last4}
          status={card.status}
        />
      </Preview>
      <p>
        {physical
          ? intl.formatMessage(m.orderedPhysicalBody, {
              name: card.name,
              last4: card.last4,
              address: card.shipping_address ? addressText(intl, card.shipping_address) : '',
            })
          : intl.formatMessage(m.orderedVirtualBody, { name: card.name, last4: card.last4 })}
      </p>
      <Row>
        <Button variant="secondary" onClick={() => journey.send({ type: 'order.again' })}>
          {intl.formatMessage(m.again)}
        </Button>
      </Row>
      <LinkRow>
        <Link to={`/cards/${card.id}`}>{intl.formatMessage(m.seeCard)}</Link>
      </LinkRow>
    </>
  );
}

function Journey({ journey }: { journey: OrderActor }) {
  const intl = useIntl();
  const step = useJourney(journey, selectCardOrderStep);
  const result = useJourney(journey, selectOrderResult);
  const announced = useRef<string | null>(null);

  useEffect(() => {
    if (!result || announced.current === result.card.id) return;
    announced.current = result.card.id;
    notify('success', intl.formatMessage(m.orderedToast));
  }, [result, intl]);

  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} />
          <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
        </>
      );
    case 'form':
      return <FormStep journey={journey} />;
    case 'details':
      return <DetailsStep journey={journey} />;
    case 'address':
      return <AddressStep journey={journey} />;
    case 'checkout':
      return <CheckoutStep journey={journey} />;
    case 'failed':
      return <FailedStep journey={journey} />;
    case 'ordered':
      return <OrderedStep journey={journey} />;
  }
}

/** What the address says about the order: which side of the app it started on, and a card type named in it. */
export function orderOpeningOf(pathname: string): { entry: CardOrderEntry; form: CardForm | null } {
  const form = /\/(physical|virtual)(?:\/|$)/.exec(pathname)?.[1];
  return {
    entry: pathname.startsWith('/plans') ? 'plans' : 'cards',
    form: form === 'physical' || form === 'virtual' ? form : null,
  };
}

// docs/engineering.md "Front end": the order survives Back, Forward and a reload (src/app/usePersistedJourney.ts); a
// placed order is forgotten.
const storageKey = 'tameio.cardOrder';
// Until the journey has read the address it was opened at, it has no address of its own.
const orderPathOf = (snapshot: CardOrderSnapshot) =>
  snapshot.matches('opening') ? null : cardOrderPath(snapshot);
const orderNavOf = (snapshot: CardOrderSnapshot) => snapshot.context.nav;
const keepOrder = (snapshot: CardOrderSnapshot) => !snapshot.matches('ordered');
/** A priced order not yet paid: leaving it by a link asks first. */
const orderAtStake = (snapshot: CardOrderSnapshot) => {
  const step = selectCardOrderStep(snapshot);
  return step === 'checkout' || step === 'failed';
};

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type CardOrderScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof cardOrderMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
  /** The seed of the journey's Idempotency-Keys (machines/attemptKeys.ts): a fresh UUID unless a test passes one. */
  keySeed?: string;
};

function JourneyHost({
  machine,
  inspect,
  clock,
  keySeed,
  restart,
  fresh,
  children,
}: CardOrderScreenProps & {
  machine: typeof cardOrderMachine;
  restart: () => void;
  fresh: boolean;
  children: ReactNode;
}) {
  const { pathname } = useLocation();
  const [opening] = useState(() => orderOpeningOf(pathname));
  // A journey taken up again after a reload keeps the seed it had (in the snapshot); a new one gets a new seed.
  const [seed] = useState(() => keySeed ?? globalThis.crypto.randomUUID());
  const { journey, leaving, leave, stay } = usePersistedJourney(machine, {
    storageKey,
    input: { keySeed: seed },
    inspect,
    clock,
    pathOf: orderPathOf,
    navOf: orderNavOf,
    keep: keepOrder,
    atStake: orderAtStake,
    onForeignEntry: restart,
    fresh,
  });

  useEffect(() => {
    if (journey.getSnapshot().matches('opening')) journey.send({ type: 'order.opened', ...opening });
  }, [journey, opening]);

  return (
    <CardOrderFrame journey={journey}>
      <Journey journey={journey} />
      {children}
      <LeaveJourneyDialog leaving={leaving} onStay={stay} onLeave={leave} />
    </CardOrderFrame>
  );
}

/**
 * The wizard frame: the card type, its details, delivery (a physical card only) and payment, and what is chosen so far
 * (the card and its price, then its name and holder, then where it goes) beside the step. Checkout lists it all itself.
 */
function CardOrderFrame({ journey, children }: { journey: OrderActor; children: ReactNode }) {
  const intl = useIntl();
  const step = useJourney(journey, selectCardOrderStep);
  const form = useJourney(journey, selectOrderForm);
  const options = useJourney(journey, selectCardOptions);
  const choices = useJourney(journey, selectOrderChoices);
  const shipping = useJourney(journey, selectOrderShipping);
  const addresses = useJourney(journey, selectSavedAddresses);
  const physical = form !== 'virtual';
  const steps = [m.stepForm, m.stepDetails, ...(physical ? [m.stepAddress] : []), m.stepPay].map((name) =>
    intl.formatMessage(name),
  );
  const current =
    step === 'form'
      ? 0
      : step === 'details'
        ? 1
        : step === 'address'
          ? 2
          : step === 'checkout' || step === 'failed'
            ? steps.length - 1
            : null;
  const summary: WizardSummaryItem[] = [];
  if (form && options && (step === 'details' || step === 'address' || step === 'failed')) {
    summary.push({ term: intl.formatMessage(m.card), value: cardFormText(intl, form) });
    summary.push({ term: intl.formatMessage(m.price), value: formatMoney(intl, options.prices[form]) });
    if (choices && step !== 'details') {
      summary.push({ term: intl.formatMessage(m.name), value: choices.name });
      const holder = options.holders.find((one) => one.user_id === choices.holderUserId);
      if (holder) summary.push({ term: intl.formatMessage(m.holder), value: holder.name });
    }
    const address =
      shipping?.kind === 'new' ? shipping.address : addresses.find((one) => one.id === shipping?.addressId);
    if (step === 'failed' && address) {
      summary.push({ term: intl.formatMessage(m.shipsTo), value: addressText(intl, address) });
    }
  }
  return (
    <WizardFrame
      steps={steps}
      current={current}
      summaryTitle={intl.formatMessage(m.summaryTitle)}
      summary={summary}
      summaryGist={
        form && options ? `${cardFormText(intl, form)}, ${formatMoney(intl, options.prices[form])}` : ''
      }
    >
      {children}
    </WizardFrame>
  );
}

/**
 * SPEC §2 card ordering, one journey (machines/cardOrder.machine.ts) behind six addresses: /cards/add-card/:card?
 * (`:card` physical or virtual, preselected), /cards/add-card/physical, /cards/add-card/physical/address,
 * /plans/card-selection/:id (`:id` physical or virtual), /plans/address and /plans/card/checkout/:card?. The route
 * table mounts this once as their layout, so moving between them keeps the journey.
 */
export function CardOrderScreen({ logic, inspect, clock, keySeed }: CardOrderScreenProps) {
  const intl = useIntl();
  const machine = useMemo(() => logic ?? cardOrderMachine.provide({ actors: cardOrderActors(api) }), [logic]);
  const { run, restart } = useJourneyRestarts();
  return (
    <JourneyHost
      key={run}
      machine={machine}
      restart={restart}
      fresh={run > 0}
      {...(inspect ? { inspect } : {})}
      {...(clock ? { clock } : {})}
      {...(keySeed ? { keySeed } : {})}
    >
      <LinkRow>
        <Link to="/cards">{intl.formatMessage(m.allCards)}</Link>
      </LinkRow>
    </JourneyHost>
  );
}

export default CardOrderScreen;

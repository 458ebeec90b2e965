import { useSelector } from '@xstate/react';
import { Fragment, useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Link, useLocation } from 'react-router';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  canAffordQuote,
  changesSomething,
  isCheckoutInProgress,
  isCurrentChoice,
  isPaidPlan,
  planCheckoutMachine,
  planCheckoutPath,
  selectCanPayPlan,
  selectChosenPeriod,
  selectChosenPlan,
  selectChosenPlanId,
  selectPlanAddresses,
  selectPlanCheckoutBusy,
  selectPlanCheckoutError,
  selectPlanCheckoutFieldErrors,
  selectPlanCheckoutStep,
  selectPlanOrderResult,
  selectPlanPaying,
  selectPlanPricing,
  selectPlansData,
  selectQuote,
  selectTerminalOffered,
  selectTerminalShipping,
  selectWantsTerminal,
  type PlanCheckoutSnapshot,
} from '../../../machines/planCheckout.machine';
import {
  vatRateBp,
  type Plan,
  type PlanPeriod,
  type PlansResponse,
  type Subscription,
} from '../../../schemas/plans.schema';
import { api } from '../../api/client';
import { createPlanCheckoutLogic } from '../../app/planActors';
import { LeaveJourneyDialog } from '../../app/LeaveJourneyDialog';
import { usePersistedJourney, useJourneyRestarts } from '../../app/usePersistedJourney';
import { bankDateText } from '../../i18n/formatDate';
import { formatMoney } from '../../i18n/formatMoney';
import { basisPointsText, perkText, planPeriodText, priceOrFree, quoteLineText } from '../../i18n/planText';
import { AddressForm } from '../../ui/address/AddressForm';
import { addressText } from '../../ui/address/addressText';
import { Figures, LinkRow, Options, Warning } from '../../ui/Blocks';
import { Amount } from '../../ui/Amount';
import { Button } from '../../ui/Button';
import { CheckoutFailed, CheckoutPay } from '../../ui/Checkout';
import { Alert, Card, Grid, Muted, Page, Row, Stack } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { WizardActions, WizardFrame, type WizardSummaryItem } from '../../ui/WizardFrame';
import { planCheckoutErrorText, plansText as m } from './planMessages';
import { planCheckoutStorageKey } from './planJourney';

type CheckoutActor = ActorRefFrom<typeof planCheckoutMachine>;

function useJourney<T>(journey: CheckoutActor, selector: (snapshot: PlanCheckoutSnapshot) => T) {
  return useSelector(journey, selector);
}

const Badge = styled.span`
  display: inline-block;
  padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
  border-radius: ${({ theme }) => theme.radii.small};
  background: ${({ theme }) => theme.colors.primary};
  color: ${({ theme }) => theme.colors.onPrimary};
  font-size: 0.85rem;
  font-weight: 700;
`;

const PlanCard = styled(Card)<{ $highlight: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  border-width: ${({ $highlight }) => ($highlight ? '2px' : '1px')};
  border-color: ${({ theme, $highlight }) => ($highlight ? theme.colors.primary : theme.colors.border)};
  h2 {
    margin: 0;
  }
  p {
    margin: 0;
  }
  ul {
    margin: 0;
    padding-left: 1.25rem;
  }
`;

const Price = styled.p`
  font-size: 1.25rem;
  font-weight: 800;
`;

const Actions = styled.div`
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space(3)};
`;

function ErrorAlert({ journey }: { journey: CheckoutActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectPlanCheckoutError);
  if (!error) return null;
  return <Alert role="alert">{planCheckoutErrorText(intl, error)}</Alert>;
}

function date(intl: IntlShape, instant: string): string {
  return bankDateText(intl, instant, 'long');
}

function planName(plans: PlansResponse, planId: string): string {
  return plans.items.find((plan) => plan.id === planId)?.name ?? planId;
}

/** What the merchant has now: the plan, period and next billing date, and a pending cancellation, change or retry. */
function CurrentSubscription({ plans }: { plans: PlansResponse }) {
  const intl = useIntl();
  const headingId = useId();
  const sub: Subscription = plans.subscription;
  const paid = sub.period !== null;
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.yourPlan)}</h2>
      <Figures>
        <dt>{intl.formatMessage(m.plan)}</dt>
        <dd>
          {sub.period
            ? intl.formatMessage(m.currentSummary, {
                plan: sub.plan_name,
                period: planPeriodText(intl, sub.period),
              })
            : sub.plan_name}
        </dd>
        {sub.current_period_end && !sub.cancel_at_period_end ? (
          <>
            <dt>{intl.formatMessage(m.nextBilling)}</dt>
            <dd>{date(intl, sub.current_period_end)}</dd>
          </>
        ) : null}
      </Figures>
      {sub.cancel_at_period_end && sub.current_period_end ? (
        <Warning>
          <span>
            {intl.formatMessage(m.cancelledNotice, {
              plan: sub.plan_name,
              date: date(intl, sub.current_period_end),
            })}
          </span>
          <Link to="/account/cancellation">{intl.formatMessage(m.undoCancellation)}</Link>
        </Warning>
      ) : null}
      {sub.scheduled_change && !sub.cancel_at_period_end ? (
        <Warning>
          <span>
            {intl.formatMessage(m.scheduledNotice, {
              plan: planName(plans, sub.scheduled_change.plan_id),
              period: sub.scheduled_change.period ? planPeriodText(intl, sub.scheduled_change.period) : '',
              date: date(intl, sub.scheduled_change.effective_at),
            })}
          </span>
        </Warning>
      ) : null}
      {sub.status === 'past_due' && sub.next_retry_at && sub.downgrade_at ? (
        <Alert>
          {intl.formatMessage(m.pastDueNotice, {
            retry: date(intl, sub.next_retry_at),
            downgrade: date(intl, sub.downgrade_at),
          })}
        </Alert>
      ) : null}
      <LinkRow>
        <Link to="/profile/billing">{intl.formatMessage(m.billingHistory)}</Link>
        {paid && !sub.cancel_at_period_end ? (
          <Link to="/account/cancellation">{intl.formatMessage(m.cancelSubscription)}</Link>
        ) : null}
        <Link to="/account/deletion">{intl.formatMessage(m.deleteAccount)}</Link>
      </LinkRow>
    </Card>
  );
}

function PlanItem({
  plan,
  plans,
  selected,
  busy,
  onChoose,
}: {
  plan: Plan;
  plans: PlansResponse;
  selected: boolean;
  busy: boolean;
  onChoose: () => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const sub = plans.subscription;
  const current = sub.plan_id === plan.id;
  const paid = isPaidPlan(plan);
  const saving = BigInt(plan.yearly_saving.amount_minor) > 0n;
  const perks = plan.perks.map((key) => perkText(intl, key)).filter((text): text is string => text !== null);
  return (
    <PlanCard aria-labelledby={headingId} $highlight={selected || current} data-plan={plan.id}>
      <h2 id={headingId}>{plan.name}</h2>
      <Row>
        {current ? <Badge>{intl.formatMessage(m.currentBadge)}</Badge> : null}
        {selected && !current ? <Badge>{intl.formatMessage(m.selectedBadge)}</Badge> : null}
      </Row>
      <Price>{intl.formatMessage(m.monthlyPrice, { price: formatMoney(intl, plan.monthly_price) })}</Price>
      {paid ? (
        <p>{intl.formatMessage(m.yearlyPrice, { price: formatMoney(intl, plan.yearly_price) })}</p>
      ) : null}
      {saving ? (
        <p>
          <strong>
            {intl.formatMessage(m.yearlySaving, { saving: formatMoney(intl, plan.yearly_saving) })}
          </strong>
        </p>
      ) : null}
      <p>{intl.formatMessage(m.cashback, { rate: basisPointsText(intl, plan.cashback_rate_bp) })}</p>
      <p>
        {intl.formatMessage(m.cardPrices, {
          physical: priceOrFree(intl, plan.card_prices.physical),
          virtual: priceOrFree(intl, plan.card_prices.virtual),
        })}
      </p>
      {perks.length ? (
        <>
          <h3>{intl.formatMessage(m.perksHeading)}</h3>
          <ul>
            {perks.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </>
      ) : null}
      <Actions>
        {paid ? (
          <Button variant={selected ? 'primary' : 'secondary'} block disabled={busy} onClick={onChoose}>
            {intl.formatMessage(m.choose, { plan: plan.name })}
          </Button>
        ) : !current && sub.period !== null && !sub.cancel_at_period_end ? (
          <Link to="/account/cancellation">{intl.formatMessage(m.toFree)}</Link>
        ) : null}
      </Actions>
    </PlanCard>
  );
}

function TerminalOffer({ plans }: { plans: PlansResponse }) {
  const intl = useIntl();
  const headingId = useId();
  const names = plans.pos_terminal.available_with.map((id) => planName(plans, id));
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.terminalTitle)}</h2>
      <p>
        {intl.formatMessage(m.terminalOffer, {
          price: formatMoney(intl, plans.pos_terminal.price),
          plans: intl.formatList(names, { type: 'disjunction' }),
        })}
      </p>
      {plans.subscription.has_pos_terminal ? <Muted>{intl.formatMessage(m.terminalOwned)}</Muted> : null}
    </Card>
  );
}

/** SPEC §2 /plans/:plan_id?: every plan with its prices, perks and card prices, the add-on, the current plan. */
function PlansStep({ journey }: { journey: CheckoutActor }) {
  const intl = useIntl();
  const plans = useJourney(journey, selectPlansData);
  const selected = useJourney(journey, selectChosenPlanId);
  const busy = useJourney(journey, selectPlanCheckoutBusy);
  if (!plans) return null;
  return (
    <>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <ErrorAlert journey={journey} />
      <CurrentSubscription plans={plans} />
      <Grid>
        {plans.items.map((plan) => (
          <PlanItem
            key={plan.id}
            plan={plan}
            plans={plans}
            selected={selected === plan.id}
            busy={busy}
            onChoose={() => journey.send({ type: 'plan.chosen', planId: plan.id })}
          />
        ))}
      </Grid>
      <TerminalOffer plans={plans} />
      <LinkRow>
        <Link to="/plans/card-selection/physical">{intl.formatMessage(m.orderCard)}</Link>
      </LinkRow>
    </>
  );
}

/** Monthly or yearly, and the POS terminal where the plan offers it. */
function OptionsStep({ journey }: { journey: CheckoutActor }) {
  const intl = useIntl();
  const plan = useJourney(journey, selectChosenPlan);
  const plans = useJourney(journey, selectPlansData);
  const chosenPeriod = useJourney(journey, selectChosenPeriod);
  const wantsTerminal = useJourney(journey, selectWantsTerminal);
  const offered = useJourney(journey, selectTerminalOffered);
  const busy = useJourney(journey, selectPlanCheckoutBusy);
  const subscription = plans?.subscription ?? null;
  const isCurrent = (one: PlanPeriod) => plan !== null && isCurrentChoice(subscription, plan.id, one);
  const [period, setPeriod] = useState<PlanPeriod>(
    chosenPeriod ?? (isCurrent('yearly') ? 'monthly' : 'yearly'),
  );
  const [terminal, setTerminal] = useState(wantsTerminal && offered);
  if (!plan || !plans) return null;
  const posTerminal = offered && terminal;
  const changes = changesSomething(subscription, plan.id, period, posTerminal);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!changes) return;
    journey.send({ type: 'options.submit', period, posTerminal });
  };

  const label = (one: PlanPeriod) =>
    one === 'monthly'
      ? intl.formatMessage(m.monthlyOption, { price: formatMoney(intl, plan.monthly_price) })
      : intl.formatMessage(m.yearlyOption, {
          price: formatMoney(intl, plan.yearly_price),
          saving: formatMoney(intl, plan.yearly_saving),
        });

  return (
    <>
      <h1>{intl.formatMessage(m.optionsTitle, { plan: plan.name })}</h1>
      <ErrorAlert journey={journey} />
      <form noValidate onSubmit={submit}>
        <Options disabled={busy}>
          <legend>{intl.formatMessage(m.periodLegend)}</legend>
          {(['monthly', 'yearly'] as const).map((one) => (
            <label key={one}>
              <input
                type="radio"
                name="period"
                value={one}
                checked={period === one}
                onChange={() => setPeriod(one)}
              />
              <span>
                {label(one)}
                {isCurrent(one) ? <small>{intl.formatMessage(m.currentChoice)}</small> : null}
              </span>
            </label>
          ))}
        </Options>
        {offered ? (
          <Options disabled={busy}>
            <legend>{intl.formatMessage(m.terminalLegend)}</legend>
            <label>
              <input
                type="checkbox"
                name="pos_terminal"
                checked={terminal}
                onChange={(event) => setTerminal(event.target.checked)}
              />
              <span>
                {intl.formatMessage(m.terminalOption, { price: formatMoney(intl, plans.pos_terminal.price) })}
                <small>{intl.formatMessage(m.terminalHint)}</small>
              </span>
            </label>
          </Options>
        ) : plans.subscription.has_pos_terminal ? (
          <Muted>{intl.formatMessage(m.terminalOwned)}</Muted>
        ) : null}
        {changes ? null : <Muted role="status">{intl.formatMessage(m.unchanged)}</Muted>}
        <WizardActions>
          <Button type="submit" disabled={busy || !changes}>
            {intl.formatMessage(m.continue)}
          </Button>
          <Button
            variant="secondary"
            data-back
            disabled={busy}
            onClick={() => journey.send({ type: 'plan.change' })}
          >
            {intl.formatMessage(m.backToPlans)}
          </Button>
        </WizardActions>
      </form>
    </>
  );
}

function AddressStep({ journey }: { journey: CheckoutActor }) {
  const intl = useIntl();
  const addresses = useJourney(journey, selectPlanAddresses);
  const shipping = useJourney(journey, selectTerminalShipping);
  const busy = useJourney(journey, selectPlanCheckoutBusy);
  const serverFields = useJourney(journey, selectPlanCheckoutFieldErrors);
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
          label: intl.formatMessage(m.backToOptions),
          onClick: () => journey.send({ type: 'options.change' }),
        }}
      />
    </>
  );
}

function CheckoutStep({ journey }: { journey: CheckoutActor }) {
  const intl = useIntl();
  const quote = useJourney(journey, selectQuote);
  const plans = useJourney(journey, selectPlansData);
  const pricing = useJourney(journey, selectPlanPricing);
  const paying = useJourney(journey, selectPlanPaying);
  const busy = useJourney(journey, selectPlanCheckoutBusy);
  const canPay = useJourney(journey, selectCanPayPlan);
  const error = useJourney(journey, selectPlanCheckoutError);
  const items = plans?.items ?? [];
  const charges = quote !== null && BigInt(quote.total.amount_minor) > 0n;
  return (
    <CheckoutPay
      text={{ ...m, title: m.checkoutTitle, pay: quote && !charges ? m.confirmChange : m.pay }}
      alert={<ErrorAlert journey={journey} />}
      preparing={pricing || !quote}
      affordable={!quote || canAffordQuote(quote)}
      networkError={error === 'network'}
      paying={paying}
      busy={busy}
      canPay={canPay}
      onPay={() => journey.send({ type: 'order.pay' })}
      onChange={() => journey.send({ type: 'order.change' })}
    >
      {quote ? (
        <>
          <h2>{intl.formatMessage(m.orderLines)}</h2>
          <Figures>
            {quote.lines.map((line, index) => (
              <Fragment key={`${line.kind}-${index}`}>
                <dt>{quoteLineText(intl, line, items)}</dt>
                <dd>
                  <Amount money={line.amount} />
                </dd>
              </Fragment>
            ))}
            <dt>{intl.formatMessage(m.total)}</dt>
            <dd>{formatMoney(intl, quote.total)}</dd>
            <dt>{intl.formatMessage(m.vat, { rate: basisPointsText(intl, vatRateBp) })}</dt>
            <dd>{formatMoney(intl, quote.vat)}</dd>
            <dt>{intl.formatMessage(m.effective)}</dt>
            <dd>
              {quote.effective === 'now'
                ? intl.formatMessage(m.effectiveNow)
                : date(intl, quote.effective_at)}
            </dd>
            <dt>{intl.formatMessage(m.nextBillingAt)}</dt>
            <dd>
              {quote.next_billing_at
                ? date(intl, quote.next_billing_at)
                : intl.formatMessage(m.noNextBilling)}
            </dd>
            {quote.shipping_address ? (
              <>
                <dt>{intl.formatMessage(m.shipsTo)}</dt>
                <dd>{addressText(intl, quote.shipping_address)}</dd>
              </>
            ) : null}
            <dt>{intl.formatMessage(m.available)}</dt>
            <dd>{formatMoney(intl, quote.available_balance)}</dd>
          </Figures>
          {quote.effective === 'period_end' ? (
            <p>
              {intl.formatMessage(m.downgradeNote, {
                plan: plans ? planName(plans, quote.plan_id) : quote.plan_id,
                date: date(intl, quote.effective_at),
              })}
            </p>
          ) : null}
        </>
      ) : null}
    </CheckoutPay>
  );
}

function FailedStep({ journey }: { journey: CheckoutActor }) {
  const error = useJourney(journey, selectPlanCheckoutError);
  return (
    <CheckoutFailed
      text={{ ...m, title: m.failedTitle, body: m.failedBody }}
      error={error}
      errorText={planCheckoutErrorText}
      onBack={() => journey.send({ type: 'order.review' })}
    />
  );
}

function OrderedStep({ journey }: { journey: CheckoutActor }) {
  const intl = useIntl();
  const result = useJourney(journey, selectPlanOrderResult);
  const quote = useJourney(journey, selectQuote);
  const plans = useJourney(journey, selectPlansData);
  if (!result || !quote) return null;
  const name = plans?.items.find((plan) => plan.id === quote.plan_id)?.name ?? quote.plan_id;
  const period = planPeriodText(intl, quote.period);
  const now = quote.effective === 'now';
  const next = result.subscription.current_period_end;
  return (
    <>
      <h1>
        {now
          ? intl.formatMessage(m.orderedNowTitle, { plan: name })
          : intl.formatMessage(m.orderedLaterTitle, { date: date(intl, quote.effective_at) })}
      </h1>
      <p>
        {now
          ? intl.formatMessage(m.orderedNowBody, {
              plan: name,
              period,
              date: next ? date(intl, next) : intl.formatMessage(m.noNextBilling),
            })
          : intl.formatMessage(m.orderedLaterBody, {
              plan: name,
              period,
              date: date(intl, quote.effective_at),
            })}
      </p>
      {quote.shipping_address ? (
        <p>{intl.formatMessage(m.orderedTerminal, { address: addressText(intl, quote.shipping_address) })}</p>
      ) : null}
      <Row>
        <Button variant="secondary" onClick={() => journey.send({ type: 'plans.show' })}>
          {intl.formatMessage(m.backToPlans)}
        </Button>
      </Row>
      {result.invoice_id ? (
        <LinkRow>
          <Link to="/profile/billing">{intl.formatMessage(m.seeInvoice)}</Link>
        </LinkRow>
      ) : null}
    </>
  );
}

function Journey({ journey }: { journey: CheckoutActor }) {
  const intl = useIntl();
  const step = useJourney(journey, selectPlanCheckoutStep);
  const result = useJourney(journey, selectPlanOrderResult);
  const announced = useRef<object | null>(null);

  useEffect(() => {
    if (!result || announced.current === result) return;
    announced.current = result;
    notify('success', intl.formatMessage(result.invoice_id ? m.paidToast : m.placedToast));
  }, [result, intl]);

  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <Stack>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} />
          <Row>
            <Button onClick={() => journey.send({ type: 'load.retry' })}>
              {intl.formatMessage(m.retry)}
            </Button>
          </Row>
        </Stack>
      );
    case 'plans':
      return <PlansStep journey={journey} />;
    case 'options':
      return <OptionsStep journey={journey} />;
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

/** The plan named in the address (/plans/:plan_id), if any; the checkout's own addresses name none. */
export function planIdOf(pathname: string): string | null {
  const match = /^\/plans\/([^/]+)\/?$/.exec(pathname);
  const id = match?.[1];
  return id && id !== 'address' ? decodeURIComponent(id) : null;
}

// docs/engineering.md "Front end": the checkout survives Back, Forward and a reload (src/app/usePersistedJourney.ts); the
// plans page and a finished order always load afresh.
// Until the journey has read the address it was opened at, it has no address of its own.
const checkoutPathOf = (snapshot: PlanCheckoutSnapshot) =>
  snapshot.matches('opening') ? null : planCheckoutPath(snapshot);
const checkoutNavOf = (snapshot: PlanCheckoutSnapshot) => snapshot.context.nav;
/** A priced change not yet paid: leaving it by a link asks first. */
const checkoutAtStake = (snapshot: PlanCheckoutSnapshot) => {
  const step = selectPlanCheckoutStep(snapshot);
  return step === 'checkout' || step === 'failed';
};

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type PlansScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof planCheckoutMachine;
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
}: PlansScreenProps & { machine: typeof planCheckoutMachine; restart: () => void; fresh: boolean }) {
  const { pathname } = useLocation();
  const [planId] = useState(() => planIdOf(pathname));
  // A journey taken up again after a reload keeps the seed it had (in the snapshot); a new one gets a new seed.
  const [seed] = useState(() => keySeed ?? globalThis.crypto.randomUUID());
  const { journey, leaving, leave, stay } = usePersistedJourney(machine, {
    storageKey: planCheckoutStorageKey,
    input: { keySeed: seed },
    inspect,
    clock,
    pathOf: checkoutPathOf,
    navOf: checkoutNavOf,
    keep: isCheckoutInProgress,
    atStake: checkoutAtStake,
    onForeignEntry: restart,
    fresh,
  });
  const wide = useJourney(journey, (snapshot) => {
    const step = selectPlanCheckoutStep(snapshot);
    return step === 'plans' || step === 'loading' || step === 'loadFailed';
  });

  useEffect(() => {
    if (journey.getSnapshot().matches('opening')) journey.send({ type: 'plans.opened', planId });
  }, [journey, planId]);

  const dialog = <LeaveJourneyDialog leaving={leaving} onStay={stay} onLeave={leave} />;
  if (wide) {
    return (
      <Page>
        <Journey journey={journey} />
        {dialog}
      </Page>
    );
  }
  return (
    <PlanCheckoutFrame journey={journey}>
      <Journey journey={journey} />
      {dialog}
    </PlanCheckoutFrame>
  );
}

/**
 * The wizard frame from the options on (the plans page is step one, a page of its own): options, delivery of the POS
 * terminal when one is added, payment; beside the step the plan chosen, then its billing and the terminal. Checkout
 * lists it all itself.
 */
function PlanCheckoutFrame({ journey, children }: { journey: CheckoutActor; children: ReactNode }) {
  const intl = useIntl();
  const step = useJourney(journey, selectPlanCheckoutStep);
  const plan = useJourney(journey, selectChosenPlan);
  const plans = useJourney(journey, selectPlansData);
  const period = useJourney(journey, selectChosenPeriod);
  const terminal = useJourney(
    journey,
    (snapshot) => selectWantsTerminal(snapshot) && selectTerminalOffered(snapshot),
  );
  const steps = [m.stepPlan, m.stepOptions, ...(terminal ? [m.stepAddress] : []), m.stepPay].map((name) =>
    intl.formatMessage(name),
  );
  const current =
    step === 'options'
      ? 1
      : step === 'address'
        ? 2
        : step === 'checkout' || step === 'failed'
          ? steps.length - 1
          : null;
  const summary: WizardSummaryItem[] = [];
  if (plan && (step === 'options' || step === 'address' || step === 'failed')) {
    summary.push({ term: intl.formatMessage(m.summaryPlan), value: plan.name });
    if (period && step !== 'options') {
      summary.push({
        term: intl.formatMessage(m.periodLegend),
        value:
          period === 'monthly'
            ? intl.formatMessage(m.monthlyOption, { price: formatMoney(intl, plan.monthly_price) })
            : intl.formatMessage(m.yearlyOption, {
                price: formatMoney(intl, plan.yearly_price),
                saving: formatMoney(intl, plan.yearly_saving),
              }),
      });
    }
    if (terminal && plans && step !== 'options') {
      summary.push({
        term: intl.formatMessage(m.terminalLegend),
        value: formatMoney(intl, plans.pos_terminal.price),
      });
    }
  }
  return (
    <WizardFrame
      steps={steps}
      current={current}
      summaryTitle={intl.formatMessage(m.summaryTitle)}
      summary={summary}
      summaryGist={plan?.name ?? ''}
    >
      {children}
    </WizardFrame>
  );
}

/**
 * SPEC §2 plans, one journey (machines/planCheckout.machine.ts) behind three addresses: /plans/:plan_id? (the plans
 * page; `:plan_id` preselects a plan), /plans/plan/checkout and /plans/address (the POS terminal's shipping address,
 * an address the card order uses too: src/app/routes.tsx decides whose it is). The route table mounts this once as
 * their layout, so moving between them keeps the journey.
 */
export function PlansScreen({ logic, inspect, clock, keySeed }: PlansScreenProps) {
  const machine = useMemo(() => logic ?? createPlanCheckoutLogic(api), [logic]);
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
    />
  );
}

export default PlansScreen;

import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { ActorOptions, ActorRefFrom, AnyActorLogic, InspectionEvent, Observer } from 'xstate';
import {
  advertisingMachine,
  selectAdvertisingBusy,
  selectAdvertisingData,
  selectAdvertisingError,
  selectAdvertisingStep,
  selectCanAfford,
  selectChosenPlan,
  selectDetails,
  selectPaying,
  selectProblems,
  selectResult,
  type AdvertisingData,
} from '../../../machines/advertising.machine';
import { selectUser } from '../../../machines/session.machine';
import {
  campaignMaxLeadDays,
  type AdvertisingPlan,
  type Campaign,
} from '../../../schemas/advertising.schema';
import { canAccess } from '../../../schemas/permissions';
import { api } from '../../api/client';
import { advertisingActors } from '../../app/advertisingActors';
import { useSessionActor } from '../../app/session';
import { useJourneyActor } from '../../app/inspection';
import { calendarDayText } from '../../i18n/formatCalendar';
import { bankTimeZone } from '../../i18n/formatDate';
import { formatMoney } from '../../i18n/formatMoney';
import { Figures } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Alert, Card, Grid, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import {
  advertisingErrorText,
  advertisingText as m,
  campaignStatusText,
  detailProblemText,
  placementText,
} from './advertisingMessages';

type AdvertisingActor = ActorRefFrom<typeof advertisingMachine>;

const PlanCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
  h3 {
    margin: 0;
    font-size: 1.25rem;
  }
  ul {
    margin: 0;
    padding-left: ${({ theme }) => theme.space(5)};
  }
  button {
    margin-top: auto;
  }
`;

const Campaigns = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: ${({ theme }) => `${theme.space(1)} ${theme.space(3)}`};
    padding: ${({ theme }) => `${theme.space(3)} 0`};
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  li:first-child {
    border-top: none;
  }
  strong {
    overflow-wrap: anywhere;
  }
  small {
    grid-column: 1 / -1;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Status = styled.span<{ $status: Campaign['status'] }>`
  justify-self: end;
  font-weight: 700;
  color: ${({ $status, theme }) =>
    $status === 'active'
      ? theme.colors.success
      : $status === 'scheduled' || $status === 'in_review'
        ? theme.colors.primary
        : $status === 'rejected'
          ? theme.colors.danger
          : theme.colors.textMuted};
`;

const Note = styled.p`
  grid-column: 1 / -1;
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Delivery = styled.div`
  grid-column: 1 / -1;
  table {
    width: 100%;
    border-collapse: collapse;
  }
  caption {
    text-align: left;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  th,
  td {
    padding: ${({ theme }) => `${theme.space(1)} ${theme.space(2)}`};
    text-align: right;
  }
  th[scope='row'],
  th[scope='col']:first-child {
    text-align: left;
    font-weight: normal;
  }
`;

const Warning = styled.p`
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
`;

const Address = styled.span`
  overflow-wrap: anywhere;
`;

/** Today on the bank's calendar (Europe/Athens), as YYYY-MM-DD. */
function bankToday(now: number = Date.now()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: bankTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** YYYY-MM-DD plus some days (calendar arithmetic in UTC, which has no DST). */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function durationText(intl: IntlShape, days: number): string {
  return intl.formatMessage(m.durationValue, { days });
}

function useJourney<T>(
  journey: AdvertisingActor,
  selector: (snapshot: ReturnType<AdvertisingActor['getSnapshot']>) => T,
) {
  return useSelector(journey, selector);
}

function PlanItem({
  plan,
  mayBuy,
  journey,
}: {
  plan: AdvertisingPlan;
  mayBuy: boolean;
  journey: AdvertisingActor;
}) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <PlanCard aria-labelledby={headingId}>
      <h3 id={headingId}>{plan.name}</h3>
      <Figures>
        <dt>{intl.formatMessage(m.reach)}</dt>
        <dd>{intl.formatMessage(m.reachValue, { reach: plan.reach })}</dd>
        <dt>{intl.formatMessage(m.duration)}</dt>
        <dd>{durationText(intl, plan.duration_days)}</dd>
        <dt>{intl.formatMessage(m.price)}</dt>
        <dd>{formatMoney(intl, plan.price)}</dd>
      </Figures>
      {plan.placements.length > 0 ? (
        <>
          <Muted>{intl.formatMessage(m.placements)}</Muted>
          <ul>
            {plan.placements.map((placement) => (
              <li key={placement}>{placementText(intl, placement)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {mayBuy ? (
        <Button onClick={() => journey.send({ type: 'plan.choose', planId: plan.id })}>
          {intl.formatMessage(m.choose, { name: plan.name })}
        </Button>
      ) : null}
    </PlanCard>
  );
}

/**
 * What became of a campaign: in review, the bank's reason and the refund when it was rejected, otherwise how often it
 * was shown (of the reach bought) and clicked, in total and in each placement its plan sold.
 */
function CampaignOutcome({ campaign }: { campaign: Campaign }) {
  const intl = useIntl();
  const tableId = useId();
  if (campaign.status === 'in_review') return <Note>{intl.formatMessage(m.inReview)}</Note>;
  if (campaign.status === 'rejected') {
    return (
      <Note role="note">
        {intl.formatMessage(m.rejected, {
          reason: campaign.rejection_reason ?? '',
          amount: formatMoney(intl, campaign.price),
        })}
      </Note>
    );
  }
  const { delivery } = campaign;
  return (
    <Delivery>
      <Figures aria-label={intl.formatMessage(m.delivery)}>
        <dt>{intl.formatMessage(m.impressions)}</dt>
        <dd>
          {intl.formatMessage(m.impressionsValue, {
            impressions: delivery.impressions,
            reach: delivery.reach,
          })}
        </dd>
        <dt>{intl.formatMessage(m.clicks)}</dt>
        <dd>{intl.formatMessage(m.clicksValue, { clicks: delivery.clicks })}</dd>
      </Figures>
      <table aria-labelledby={tableId}>
        <caption id={tableId}>{intl.formatMessage(m.perPlacement)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.placement)}</th>
            <th scope="col">{intl.formatMessage(m.impressions)}</th>
            <th scope="col">{intl.formatMessage(m.clicks)}</th>
          </tr>
        </thead>
        <tbody>
          {delivery.placements.map((row) => (
            <tr key={row.placement}>
              <th scope="row">{placementText(intl, row.placement)}</th>
              <td>{intl.formatNumber(row.impressions)}</td>
              <td>{intl.formatNumber(row.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Delivery>
  );
}

function CampaignList({ campaigns }: { campaigns: Campaign[] }) {
  const intl = useIntl();
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.campaigns)}</h2>
      {campaigns.length === 0 ? (
        <Muted>{intl.formatMessage(m.noCampaigns)}</Muted>
      ) : (
        <Campaigns aria-labelledby={headingId}>
          {campaigns.map((campaign) => (
            <li key={campaign.id}>
              <strong>{campaign.headline}</strong>
              <Status $status={campaign.status}>{campaignStatusText(intl, campaign.status)}</Status>
              <span>
                {intl.formatMessage(m.planPrice, {
                  plan: campaign.plan.name,
                  price: formatMoney(intl, campaign.price),
                })}
              </span>
              <span>
                {intl.formatMessage(m.range, {
                  from: calendarDayText(intl, campaign.start_date),
                  to: calendarDayText(intl, campaign.end_date),
                })}
              </span>
              <small>
                <Address>{campaign.link}</Address>
              </small>
              <CampaignOutcome campaign={campaign} />
            </li>
          ))}
        </Campaigns>
      )}
    </Card>
  );
}

function Browsing({ journey, data }: { journey: AdvertisingActor; data: AdvertisingData }) {
  const intl = useIntl();
  const user = useSelector(useSessionActor(), selectUser);
  const plansId = useId();
  // SPEC §6: buying pays from the wallet, which only the owner may send from (the server refuses the others).
  const mayBuy = user !== null && canAccess(user, 'send-money') && data.available !== null;
  return (
    <>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <ErrorAlert journey={journey} />
      <section aria-labelledby={plansId}>
        <h2 id={plansId}>{intl.formatMessage(m.plans)}</h2>
        {data.available ? (
          <Figures>
            <dt>{intl.formatMessage(m.available)}</dt>
            <dd>{formatMoney(intl, data.available)}</dd>
          </Figures>
        ) : (
          <Muted>{intl.formatMessage(m.noAccount)}</Muted>
        )}
        {user !== null && !canAccess(user, 'send-money') ? (
          <Muted>{intl.formatMessage(m.ownerOnly)}</Muted>
        ) : null}
        {data.plans.length === 0 ? (
          <Muted>{intl.formatMessage(m.noPlans)}</Muted>
        ) : (
          <Grid>
            {data.plans.map((plan) => (
              <PlanItem key={plan.id} plan={plan} mayBuy={mayBuy} journey={journey} />
            ))}
          </Grid>
        )}
      </section>
      {data.campaigns ? <CampaignList campaigns={data.campaigns} /> : null}
    </>
  );
}

function ErrorAlert({ journey }: { journey: AdvertisingActor }) {
  const intl = useIntl();
  const error = useJourney(journey, selectAdvertisingError);
  if (!error) return null;
  return <Alert role="alert">{advertisingErrorText(intl, error)}</Alert>;
}

function DetailsStep({ journey }: { journey: AdvertisingActor }) {
  const intl = useIntl();
  const plan = useJourney(journey, selectChosenPlan);
  const details = useJourney(journey, selectDetails);
  const problems = useJourney(journey, selectProblems);
  const [headline, setHeadline] = useState(details?.headline ?? '');
  const [link, setLink] = useState(details?.link ?? '');
  const today = bankToday();
  const [startDate, setStartDate] = useState(details?.startDate ?? today);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (Object.keys(problems).length > 0) first.current?.focus();
  }, [problems]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    journey.send({
      type: 'details.submit',
      details: { headline, link, startDate: startDate === '' || startDate === today ? null : startDate },
    });
  };
  const problem = (field: 'headline' | 'link' | 'startDate') => {
    const found = problems[field];
    return found ? detailProblemText(intl, field, found) : null;
  };
  return (
    <Card>
      <h1>{intl.formatMessage(m.detailsTitle)}</h1>
      {plan ? (
        <Muted>
          {intl.formatMessage(m.chosen, {
            plan: plan.name,
            price: formatMoney(intl, plan.price),
            duration: durationText(intl, plan.duration_days),
          })}
        </Muted>
      ) : null}
      <form noValidate onSubmit={submit}>
        <TextField
          ref={problems.headline ? first : undefined}
          name="headline"
          label={intl.formatMessage(m.headline)}
          hint={intl.formatMessage(m.headlineHint)}
          value={headline}
          maxLength={60}
          error={problem('headline')}
          onChange={(event) => setHeadline(event.target.value)}
        />
        <TextField
          ref={!problems.headline && problems.link ? first : undefined}
          name="link"
          type="url"
          inputMode="url"
          label={intl.formatMessage(m.link)}
          hint={intl.formatMessage(m.linkHint)}
          value={link}
          error={problem('link')}
          onChange={(event) => setLink(event.target.value)}
        />
        <TextField
          ref={!problems.headline && !problems.link && problems.startDate ? first : undefined}
          name="start_date"
          type="date"
          min={today}
          max={addDays(today, campaignMaxLeadDays)}
          label={intl.formatMessage(m.startDate)}
          hint={intl.formatMessage(m.startDateHint)}
          value={startDate}
          error={problem('startDate')}
          onChange={(event) => setStartDate(event.target.value)}
        />
        <Row>
          <Button type="submit">{intl.formatMessage(m.continue)}</Button>
          <Button variant="secondary" onClick={() => journey.send({ type: 'details.back' })}>
            {intl.formatMessage(m.backToPlans)}
          </Button>
        </Row>
      </form>
    </Card>
  );
}

function ReviewStep({ journey }: { journey: AdvertisingActor }) {
  const intl = useIntl();
  const plan = useJourney(journey, selectChosenPlan);
  const details = useJourney(journey, selectDetails);
  const data = useJourney(journey, selectAdvertisingData);
  const paying = useJourney(journey, selectPaying);
  const affordable = useJourney(journey, selectCanAfford);
  if (!plan || !details) return null;
  return (
    <Card>
      <h1>{intl.formatMessage(m.reviewTitle)}</h1>
      <ErrorAlert journey={journey} />
      <Figures>
        <dt>{intl.formatMessage(m.plan)}</dt>
        <dd>{plan.name}</dd>
        <dt>{intl.formatMessage(m.reach)}</dt>
        <dd>{intl.formatMessage(m.reachValue, { reach: plan.reach })}</dd>
        <dt>{intl.formatMessage(m.duration)}</dt>
        <dd>{durationText(intl, plan.duration_days)}</dd>
        <dt>{intl.formatMessage(m.headline)}</dt>
        <dd>{details.headline.trim()}</dd>
        <dt>{intl.formatMessage(m.link)}</dt>
        <dd>
          <Address>{details.link.trim()}</Address>
        </dd>
        <dt>{intl.formatMessage(m.startDate)}</dt>
        <dd>{details.startDate ? calendarDayText(intl, details.startDate) : intl.formatMessage(m.today)}</dd>
        <dt>{intl.formatMessage(m.price)}</dt>
        <dd>{formatMoney(intl, plan.price)}</dd>
        {data?.available ? (
          <>
            <dt>{intl.formatMessage(m.available)}</dt>
            <dd>{formatMoney(intl, data.available)}</dd>
          </>
        ) : null}
      </Figures>
      {affordable ? null : <Warning>{intl.formatMessage(m.lowBalance)}</Warning>}
      <Row>
        <Button busy={paying} onClick={() => journey.send({ type: 'review.confirm' })}>
          {intl.formatMessage(m.pay, { amount: formatMoney(intl, plan.price) })}
        </Button>
        <Button variant="secondary" disabled={paying} onClick={() => journey.send({ type: 'review.back' })}>
          {intl.formatMessage(m.changeDetails)}
        </Button>
      </Row>
    </Card>
  );
}

function PaidStep({ journey }: { journey: AdvertisingActor }) {
  const intl = useIntl();
  const result = useJourney(journey, selectResult);
  return (
    <Card>
      <h1>{intl.formatMessage(m.paidTitle)}</h1>
      {result ? (
        <>
          <p>
            {intl.formatMessage(m.paidBody, {
              headline: result.headline,
              dates: intl.formatMessage(m.range, {
                from: calendarDayText(intl, result.start_date),
                to: calendarDayText(intl, result.end_date),
              }),
              amount: formatMoney(intl, result.price),
            })}
          </p>
          <Figures>
            <dt>{intl.formatMessage(m.plan)}</dt>
            <dd>{result.plan.name}</dd>
            <dt>{intl.formatMessage(m.status)}</dt>
            <dd>{campaignStatusText(intl, result.status)}</dd>
          </Figures>
        </>
      ) : null}
      <Row>
        <Button onClick={() => journey.send({ type: 'result.done' })}>
          {intl.formatMessage(m.backToPlans)}
        </Button>
      </Row>
    </Card>
  );
}

function FailedStep({ journey }: { journey: AdvertisingActor }) {
  const intl = useIntl();
  return (
    <Card>
      <h1>{intl.formatMessage(m.failedTitle)}</h1>
      <ErrorAlert journey={journey} />
      <Row>
        <Button onClick={() => journey.send({ type: 'payment.retry' })}>{intl.formatMessage(m.retry)}</Button>
        <Button variant="secondary" onClick={() => journey.send({ type: 'result.done' })}>
          {intl.formatMessage(m.backToPlans)}
        </Button>
      </Row>
    </Card>
  );
}

/** SPEC §8: "Payment successful" once when the campaign is paid, the failure text once when the payment fails. */
function usePaymentToasts(journey: AdvertisingActor) {
  const intl = useIntl();
  const step = useJourney(journey, selectAdvertisingStep);
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (step !== 'paid' && step !== 'paymentFailed') {
      shown.current = null;
      return;
    }
    if (shown.current === step) return;
    shown.current = step;
    if (step === 'paid') notify('success', intl.formatMessage(m.paidToast));
    else notify('danger', intl.formatMessage(m.failedToast));
  }, [step, intl]);
}

function Journey({ journey }: { journey: AdvertisingActor }) {
  const intl = useIntl();
  const step = useJourney(journey, selectAdvertisingStep);
  const data = useJourney(journey, selectAdvertisingData);
  const busy = useJourney(journey, selectAdvertisingBusy);
  usePaymentToasts(journey);
  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} />
          <Button variant="secondary" disabled={busy} onClick={() => journey.send({ type: 'load.retry' })}>
            {intl.formatMessage(m.retry)}
          </Button>
        </>
      );
    case 'browsing':
      return data ? <Browsing journey={journey} data={data} /> : null;
    case 'details':
      return <DetailsStep journey={journey} />;
    case 'review':
      return <ReviewStep journey={journey} />;
    case 'paid':
      return <PaidStep journey={journey} />;
    case 'paymentFailed':
      return <FailedStep journey={journey} />;
  }
}

type InspectionObserver = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

export type AdvertisingScreenProps = {
  /** The journey with its effects; the app's API calls unless a test passes its own. */
  logic?: typeof advertisingMachine;
  inspect?: InspectionObserver;
  clock?: ActorOptions<AnyActorLogic>['clock'];
  /** The seed of the journey's Idempotency-Keys (machines/attemptKeys.ts): a fresh UUID unless a test passes one. */
  keySeed?: string;
};

/**
 * SPEC §2 /advertise-with-us: the advertising plans (name, reach, duration, price), buying one paid from the wallet,
 * and the merchant's campaigns with status and dates (machines/advertising.machine.ts).
 */
export function AdvertisingScreen({ logic, inspect, clock, keySeed }: AdvertisingScreenProps) {
  const machine = useMemo(
    () => logic ?? advertisingMachine.provide({ actors: advertisingActors(api) }),
    [logic],
  );
  const [seed] = useState(() => keySeed ?? globalThis.crypto.randomUUID());
  const journey = useJourneyActor(machine, {
    input: { keySeed: seed },
    ...(inspect ? { inspect } : {}),
    ...(clock ? { clock } : {}),
  });
  return (
    <Page>
      <Journey journey={journey} />
    </Page>
  );
}

export default AdvertisingScreen;

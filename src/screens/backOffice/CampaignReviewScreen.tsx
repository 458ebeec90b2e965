import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link, useParams } from 'react-router';
import { fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import {
  campaignReviewMachine,
  selectCampaignReviewBusy,
  selectCampaignReviewError,
  selectCampaignReviewStep,
  selectConfirmingDecision,
  selectDecision,
  selectDecisionFailed,
  selectReasonProblem,
  selectRejectionReason,
  selectReviewedCampaign,
  selectReviewOutcome,
  type CampaignReviewError,
  type CampaignReviewSnapshot,
  type DecideCampaignInput,
  type ReasonProblem,
} from '../../../machines/campaignReview.machine';
import type { AdvertisingPlacement, CampaignReviewItem } from '../../../schemas/advertising.schema';
import { unwrap, type ApiClient } from '../../api/client';
import { useBackOffice } from '../../app/backOfficeContext';
import { useJourneyActor } from '../../app/inspection';
import { useLoad } from '../../app/useLoad';
import { errorMessages } from '../../i18n/errorMessages';
import { calendarDayText } from '../../i18n/formatCalendar';
import { formatMoney } from '../../i18n/formatMoney';
import { Figures, LinkRow, PlainList } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Alert, Card, Muted, Page, Row, VisuallyHidden } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextArea } from '../../ui/TextArea';
import { LoadFailure } from '../LoadFailure';
import { Parts } from './Parts';

/*
 * The bank's review of advertising campaigns (issue 21): the queue at /back-office/campaigns and one campaign at
 * /back-office/campaigns/:id, run by machines/campaignReview.machine.ts. The messages' ids start with "advertising."
 * because lang/glossary.json renders an advertising plan "διαφημιστικό πακέτο" (not "συνδρομή") under that prefix.
 */

const m = defineMessages({
  queueTitle: { id: 'advertising.bankReview.queueTitle', defaultMessage: 'Campaigns to review' },
  queueIntro: {
    id: 'advertising.bankReview.queueIntro',
    defaultMessage:
      'A campaign is shown to no one until it is approved. Rejecting one refunds its price in full to the merchant, who reads your reason.',
  },
  queueEmpty: {
    id: 'advertising.bankReview.queueEmpty',
    defaultMessage: 'No campaign waits for a decision.',
  },
  recentTitle: { id: 'advertising.bankReview.recentTitle', defaultMessage: 'Latest decisions' },
  recentEmpty: { id: 'advertising.bankReview.recentEmpty', defaultMessage: 'No decision yet.' },
  bought: defineMessage<{ date: string }>({
    id: 'advertising.bankReview.bought',
    defaultMessage: 'bought {date}',
  }),
  approvedBy: defineMessage<{ name: string; date: string }>({
    id: 'advertising.bankReview.approvedBy',
    defaultMessage: 'Approved by {name} on {date}',
  }),
  rejectedBy: defineMessage<{ name: string; date: string }>({
    id: 'advertising.bankReview.rejectedBy',
    defaultMessage: 'Rejected and refunded by {name} on {date}',
  }),
  title: { id: 'advertising.bankReview.title', defaultMessage: 'Review the campaign' },
  advertiser: { id: 'advertising.bankReview.advertiser', defaultMessage: 'Advertiser' },
  headline: { id: 'advertising.bankReview.headline', defaultMessage: 'Headline' },
  link: { id: 'advertising.bankReview.link', defaultMessage: 'Link' },
  newTab: { id: 'advertising.bankReview.newTab', defaultMessage: '(opens in a new tab)' },
  plan: { id: 'advertising.bankReview.plan', defaultMessage: 'Advertising plan' },
  planValue: defineMessage<{ plan: string; reach: number; days: number }>({
    id: 'advertising.bankReview.planValue',
    defaultMessage: '{plan}: about {reach, number} people in {days, plural, one {# day} other {# days}}',
  }),
  placements: { id: 'advertising.bankReview.placements', defaultMessage: 'Shown in' },
  dates: { id: 'advertising.bankReview.dates', defaultMessage: 'Runs' },
  range: defineMessage<{ from: string; to: string }>({
    id: 'advertising.bankReview.range',
    defaultMessage: 'from {from} to {to}',
  }),
  price: { id: 'advertising.bankReview.price', defaultMessage: 'Price paid' },
  boughtOn: { id: 'advertising.bankReview.boughtOn', defaultMessage: 'Bought' },
  approve: { id: 'advertising.bankReview.approve', defaultMessage: 'Approve' },
  reject: { id: 'advertising.bankReview.reject', defaultMessage: 'Reject' },
  reason: { id: 'advertising.bankReview.reason', defaultMessage: 'Why it is rejected' },
  reasonHint: {
    id: 'advertising.bankReview.reasonHint',
    defaultMessage: 'The merchant reads this with the refund: say what to change to be approved.',
  },
  rejectWithReason: {
    id: 'advertising.bankReview.rejectWithReason',
    defaultMessage: 'Reject with this reason',
  },
  back: { id: 'advertising.bankReview.back', defaultMessage: 'Back' },
  confirmApproveTitle: {
    id: 'advertising.bankReview.confirmApproveTitle',
    defaultMessage: 'Approve this campaign?',
  },
  confirmApproveBody: defineMessage<{ merchant: string; from: string; to: string }>({
    id: 'advertising.bankReview.confirmApproveBody',
    defaultMessage:
      'It runs from {from} to {to} in the placements of its advertising plan, and {merchant} is told.',
  }),
  confirmApprove: { id: 'advertising.bankReview.confirmApprove', defaultMessage: 'Yes, approve' },
  confirmRejectTitle: {
    id: 'advertising.bankReview.confirmRejectTitle',
    defaultMessage: 'Reject this campaign?',
  },
  confirmRejectBody: defineMessage<{ merchant: string; price: string; reason: string }>({
    id: 'advertising.bankReview.confirmRejectBody',
    defaultMessage: '{price} is refunded in full to {merchant}, who reads your reason: “{reason}”',
  }),
  confirmReject: { id: 'advertising.bankReview.confirmReject', defaultMessage: 'Yes, reject and refund' },
  goBack: { id: 'advertising.bankReview.goBack', defaultMessage: 'Go back' },
  approvedTitle: { id: 'advertising.bankReview.approvedTitle', defaultMessage: 'Campaign approved' },
  rejectedTitle: { id: 'advertising.bankReview.rejectedTitle', defaultMessage: 'Campaign rejected' },
  approvedBody: defineMessage<{ from: string; to: string }>({
    id: 'advertising.bankReview.approvedBody',
    defaultMessage: 'It runs from {from} to {to}.',
  }),
  rejectedBody: defineMessage<{ merchant: string; price: string; reason: string }>({
    id: 'advertising.bankReview.rejectedBody',
    defaultMessage: '{price} was refunded to {merchant}. The reason the merchant reads: “{reason}”',
  }),
  approvedToast: {
    id: 'advertising.bankReview.approvedToast',
    defaultMessage: 'Campaign approved. The merchant is told.',
  },
  rejectedToast: {
    id: 'advertising.bankReview.rejectedToast',
    defaultMessage: 'Campaign rejected. Its price is refunded.',
  },
  backToQueue: {
    id: 'advertising.bankReview.backToQueue',
    defaultMessage: 'Back to the campaigns to review',
  },
  missingTitle: { id: 'advertising.bankReview.missingTitle', defaultMessage: 'No such campaign' },
  missingBody: {
    id: 'advertising.bankReview.missingBody',
    defaultMessage: 'There is no campaign at this address. Open it from the campaigns to review.',
  },
  retry: { id: 'advertising.bankReview.retry', defaultMessage: 'Try again' },
  reload: { id: 'advertising.bankReview.reload', defaultMessage: 'Reload the campaign' },
});

const reasonProblems = defineMessages<ReasonProblem>({
  missing: {
    id: 'advertising.bankReview.reasonMissing',
    defaultMessage: 'Say why the campaign is rejected: the merchant reads it.',
  },
  tooLong: { id: 'advertising.bankReview.reasonTooLong', defaultMessage: 'At most 500 characters.' },
  invalid: { id: 'advertising.bankReview.reasonInvalid', defaultMessage: 'Write it without < or >.' },
});

// The merchants' words for the placements (src/screens/advertising), which this folder may not import.
const placementTexts = defineMessages<AdvertisingPlacement>({
  dashboard: {
    id: 'advertising.bankReview.placement.dashboard',
    defaultMessage: 'Other merchants’ dashboards',
  },
  wallet_directory: {
    id: 'advertising.bankReview.placement.wallet_directory',
    defaultMessage: 'The wallet directory',
  },
  newsletter: { id: 'advertising.bankReview.placement.newsletter', defaultMessage: 'The monthly newsletter' },
  push_notification: {
    id: 'advertising.bankReview.placement.push_notification',
    defaultMessage: 'A push notification',
  },
});

const errorTexts = defineMessages<Exclude<CampaignReviewError, 'network' | 'validation_failed'>>({
  conflict: {
    id: 'advertising.bankReview.error.conflict',
    defaultMessage: 'Another reviewer decided this campaign meanwhile. Reload it to see their decision.',
  },
  forbidden: {
    id: 'advertising.bankReview.error.forbidden',
    defaultMessage: 'Your role may not review campaigns.',
  },
  not_found: { id: 'advertising.bankReview.error.not_found', defaultMessage: 'There is no such campaign.' },
  unknown: {
    id: 'advertising.bankReview.error.unknown',
    defaultMessage: 'The decision was not recorded. Please try again.',
  },
});

export function campaignReviewErrorText(
  intl: IntlShape,
  error: CampaignReviewError,
  loading: boolean,
): string {
  if (error === 'network') return intl.formatMessage(errorMessages.network);
  if (error === 'validation_failed') return intl.formatMessage(errorTexts.unknown);
  if (loading && error === 'unknown') return intl.formatMessage(errorMessages.unknown);
  return intl.formatMessage(errorTexts[error]);
}

/** The review's effects on the back office's API client (the staff token). */
export function campaignReviewActors(api: ApiClient) {
  return {
    loadCampaign: fromPromise<CampaignReviewItem, { campaignId: string }>(({ input, signal }) =>
      unwrap(
        api.GET('/api/back-office/campaigns/{id}/', { params: { path: { id: input.campaignId } }, signal }),
      ),
    ),
    decideCampaign: fromPromise<CampaignReviewItem, DecideCampaignInput>(({ input, signal }) =>
      unwrap(
        api.POST('/api/back-office/campaigns/{id}/decision/', {
          params: { path: { id: input.campaignId } },
          body: input.body,
          signal,
        }),
      ),
    ),
  };
}

const reviewPath = (id: string) => `/back-office/campaigns/${encodeURIComponent(id)}`;

function rangeText(intl: IntlShape, campaign: CampaignReviewItem): { from: string; to: string } {
  return { from: calendarDayText(intl, campaign.start_date), to: calendarDayText(intl, campaign.end_date) };
}

const instantText = (intl: IntlShape, iso: string) =>
  intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

/** Who decided and when, for a decided campaign. */
function decisionText(intl: IntlShape, campaign: CampaignReviewItem): string | null {
  if (campaign.review_status === 'in_review' || !campaign.reviewed_by || !campaign.reviewed_at) return null;
  const values = { name: campaign.reviewed_by.name, date: instantText(intl, campaign.reviewed_at) };
  return intl.formatMessage(campaign.review_status === 'approved' ? m.approvedBy : m.rejectedBy, values);
}

/** The campaign as the merchant bought it: everything the reviewer decides on. */
function CampaignFacts({ campaign }: { campaign: CampaignReviewItem }) {
  const intl = useIntl();
  return (
    <Figures>
      <dt>{intl.formatMessage(m.advertiser)}</dt>
      <dd>{campaign.merchant.name}</dd>
      <dt>{intl.formatMessage(m.headline)}</dt>
      <dd>{campaign.headline}</dd>
      <dt>{intl.formatMessage(m.link)}</dt>
      <dd>
        {/* The advertiser's page learns neither the back office's address nor gets a handle on this window. */}
        <a href={campaign.link} target="_blank" rel="noopener noreferrer">
          {campaign.link}
          <VisuallyHidden> {intl.formatMessage(m.newTab)}</VisuallyHidden>
        </a>
      </dd>
      <dt>{intl.formatMessage(m.plan)}</dt>
      <dd>
        {intl.formatMessage(m.planValue, {
          plan: campaign.plan.name,
          reach: campaign.plan.reach,
          days: campaign.plan.duration_days,
        })}
      </dd>
      <dt>{intl.formatMessage(m.placements)}</dt>
      <dd>
        {campaign.placements.map((placement) => intl.formatMessage(placementTexts[placement])).join(', ')}
      </dd>
      <dt>{intl.formatMessage(m.dates)}</dt>
      <dd>{intl.formatMessage(m.range, rangeText(intl, campaign))}</dd>
      <dt>{intl.formatMessage(m.price)}</dt>
      <dd>{formatMoney(intl, campaign.price)}</dd>
      <dt>{intl.formatMessage(m.boughtOn)}</dt>
      <dd>{instantText(intl, campaign.created_at)}</dd>
    </Figures>
  );
}

type ReviewActor = ActorRefFrom<typeof campaignReviewMachine>;

function useReview<T>(journey: ReviewActor, selector: (snapshot: CampaignReviewSnapshot) => T) {
  return useSelector(journey, selector);
}

function ErrorAlert({ journey, loading }: { journey: ReviewActor; loading: boolean }) {
  const intl = useIntl();
  const error = useReview(journey, selectCampaignReviewError);
  if (!error) return null;
  return <Alert role="alert">{campaignReviewErrorText(intl, error, loading)}</Alert>;
}

/** The reason the merchant reads; a problem with it is said beside the field. */
function ReasonForm({ journey }: { journey: ReviewActor }) {
  const intl = useIntl();
  const sent = useReview(journey, selectRejectionReason);
  const problem = useReview(journey, selectReasonProblem);
  const [reason, setReason] = useState(sent);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    journey.send({ type: 'reason.submit', reason });
  };
  return (
    <form noValidate onSubmit={submit}>
      <TextArea
        label={intl.formatMessage(m.reason)}
        hint={intl.formatMessage(m.reasonHint)}
        name="reason"
        value={reason}
        error={problem ? intl.formatMessage(reasonProblems[problem]) : null}
        onChange={(event) => setReason(event.target.value)}
      />
      <Row>
        <Button type="submit" variant="danger">
          {intl.formatMessage(m.rejectWithReason)}
        </Button>
        <Button variant="secondary" onClick={() => journey.send({ type: 'reason.back' })}>
          {intl.formatMessage(m.back)}
        </Button>
      </Row>
    </form>
  );
}

/** "Approve this campaign?" or "Reject this campaign?" over the campaign, until the server answers. */
function ConfirmDialog({ journey, campaign }: { journey: ReviewActor; campaign: CampaignReviewItem }) {
  const intl = useIntl();
  const decision = useReview(journey, selectDecision);
  const reason = useReview(journey, selectRejectionReason);
  const busy = useReview(journey, selectCampaignReviewBusy);
  const rejecting = decision === 'reject';
  const back = () => journey.send({ type: 'confirm.back' });
  return (
    <Dialog
      title={intl.formatMessage(rejecting ? m.confirmRejectTitle : m.confirmApproveTitle)}
      onEscape={busy ? undefined : back}
      actions={
        <>
          <Button variant="secondary" disabled={busy} onClick={back}>
            {intl.formatMessage(m.goBack)}
          </Button>
          <Button
            variant={rejecting ? 'danger' : 'primary'}
            busy={busy}
            onClick={() => journey.send({ type: 'decision.confirm' })}
          >
            {intl.formatMessage(rejecting ? m.confirmReject : m.confirmApprove)}
          </Button>
        </>
      }
    >
      <p>
        {rejecting
          ? intl.formatMessage(m.confirmRejectBody, {
              merchant: campaign.merchant.name,
              price: formatMoney(intl, campaign.price),
              reason,
            })
          : intl.formatMessage(m.confirmApproveBody, {
              merchant: campaign.merchant.name,
              ...rangeText(intl, campaign),
            })}
      </p>
    </Dialog>
  );
}

function Decided({ campaign }: { campaign: CampaignReviewItem }) {
  const intl = useIntl();
  const approved = campaign.review_status === 'approved';
  const who = decisionText(intl, campaign);
  return (
    <>
      <h1>{intl.formatMessage(approved ? m.approvedTitle : m.rejectedTitle)}</h1>
      {who ? <p>{who}</p> : null}
      <p>
        {approved
          ? intl.formatMessage(m.approvedBody, rangeText(intl, campaign))
          : intl.formatMessage(m.rejectedBody, {
              merchant: campaign.merchant.name,
              price: formatMoney(intl, campaign.price),
              reason: campaign.rejection_reason ?? '',
            })}
      </p>
      <CampaignFacts campaign={campaign} />
    </>
  );
}

function Review({ journey }: { journey: ReviewActor }) {
  const intl = useIntl();
  const step = useReview(journey, selectCampaignReviewStep);
  const campaign = useReview(journey, selectReviewedCampaign);
  const confirming = useReview(journey, selectConfirmingDecision);
  const failed = useReview(journey, selectDecisionFailed);
  const error = useReview(journey, selectCampaignReviewError);
  const outcome = useReview(journey, selectReviewOutcome);

  useEffect(() => {
    if (outcome === 'approved') notify('success', intl.formatMessage(m.approvedToast));
    if (outcome === 'rejected') notify('success', intl.formatMessage(m.rejectedToast));
  }, [outcome, intl]);

  switch (step) {
    case 'loading':
      return <PageSpinner />;
    case 'loadFailed':
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} loading />
          <Button onClick={() => journey.send({ type: 'load.retry' })}>{intl.formatMessage(m.retry)}</Button>
        </>
      );
    case 'missing':
      return (
        <>
          <h1>{intl.formatMessage(m.missingTitle)}</h1>
          <p>{intl.formatMessage(m.missingBody)}</p>
        </>
      );
    case 'decided':
      return campaign ? <Decided campaign={campaign} /> : null;
    case 'review':
    case 'rejecting':
      if (!campaign) return null;
      return (
        <>
          <h1>{intl.formatMessage(m.title)}</h1>
          <ErrorAlert journey={journey} loading={false} />
          <CampaignFacts campaign={campaign} />
          {step === 'rejecting' ? (
            <ReasonForm journey={journey} />
          ) : failed ? (
            <Row>
              {error === 'conflict' ? (
                <Button onClick={() => journey.send({ type: 'campaign.reload' })}>
                  {intl.formatMessage(m.reload)}
                </Button>
              ) : (
                <Button onClick={() => journey.send({ type: 'decision.retry' })}>
                  {intl.formatMessage(m.retry)}
                </Button>
              )}
            </Row>
          ) : (
            <Row>
              <Button disabled={confirming} onClick={() => journey.send({ type: 'decision.approve' })}>
                {intl.formatMessage(m.approve)}
              </Button>
              <Button
                variant="danger"
                disabled={confirming}
                onClick={() => journey.send({ type: 'decision.reject' })}
              >
                {intl.formatMessage(m.reject)}
              </Button>
            </Row>
          )}
          {confirming ? <ConfirmDialog journey={journey} campaign={campaign} /> : null}
        </>
      );
  }
}

export type CampaignReviewProps = {
  campaignId: string;
  /** The review with its effects (campaignReviewActors on the back office's client, or a test's). */
  logic: typeof campaignReviewMachine;
  inspect?: Observer<InspectionEvent> | ((event: InspectionEvent) => void);
};

/** One campaign's review (machines/campaignReview.machine.ts), with the way back to the queue. */
export function CampaignReview({ campaignId, logic, inspect }: CampaignReviewProps) {
  const intl = useIntl();
  const journey = useJourneyActor(logic, { input: { campaignId }, ...(inspect ? { inspect } : {}) });
  return (
    <Page $narrow>
      <Card>
        <Review journey={journey} />
        <LinkRow>
          <Link to="/back-office/campaigns">{intl.formatMessage(m.backToQueue)}</Link>
        </LinkRow>
      </Card>
    </Page>
  );
}

/** /back-office/campaigns/:id: the review of that campaign on the staff API. */
export function CampaignReviewScreen() {
  const { id = '' } = useParams();
  const { api } = useBackOffice();
  const logic = useMemo(() => campaignReviewMachine.provide({ actors: campaignReviewActors(api) }), [api]);
  return <CampaignReview key={id} campaignId={id} logic={logic} />;
}

function QueueItem({ campaign }: { campaign: CampaignReviewItem }) {
  const intl = useIntl();
  const decided = decisionText(intl, campaign);
  return (
    <li>
      <Link to={reviewPath(campaign.id)}>{campaign.headline}</Link>
      <div>
        <Parts>
          <span>{campaign.merchant.name}</span>
          <span>{campaign.plan.name}</span>
          <span>{formatMoney(intl, campaign.price)}</span>
          <span>{intl.formatMessage(m.range, rangeText(intl, campaign))}</span>
          {decided ? (
            <span>{decided}</span>
          ) : (
            <span>{intl.formatMessage(m.bought, { date: instantText(intl, campaign.created_at) })}</span>
          )}
        </Parts>
      </div>
    </li>
  );
}

/** /back-office/campaigns: the campaigns waiting for a decision, oldest first, and the latest decisions. */
export function CampaignQueueScreen() {
  const intl = useIntl();
  const { api } = useBackOffice();
  const load = useCallback(
    (signal: AbortSignal) => unwrap(api.GET('/api/back-office/campaigns/', { signal })),
    [api],
  );
  const { state, reload } = useLoad('campaigns', load);
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} onRetry={reload} />;
  const { queue, recent } = state.data;
  return (
    <Page>
      <h1>{intl.formatMessage(m.queueTitle)}</h1>
      <Muted>{intl.formatMessage(m.queueIntro)}</Muted>
      <Card>
        {queue.length === 0 ? (
          <p>{intl.formatMessage(m.queueEmpty)}</p>
        ) : (
          <PlainList>
            {queue.map((campaign) => (
              <QueueItem key={campaign.id} campaign={campaign} />
            ))}
          </PlainList>
        )}
      </Card>
      <Card>
        <h2>{intl.formatMessage(m.recentTitle)}</h2>
        {recent.length === 0 ? (
          <p>{intl.formatMessage(m.recentEmpty)}</p>
        ) : (
          <PlainList>
            {recent.map((campaign) => (
              <QueueItem key={campaign.id} campaign={campaign} />
            ))}
          </PlainList>
        )}
      </Card>
    </Page>
  );
}

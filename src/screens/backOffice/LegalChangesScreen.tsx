import { useCallback, useMemo, useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import type { OnboardingDocument } from '../../../schemas/onboarding.schema';
import { unwrap } from '../../api/client';
import { useBackOffice } from '../../app/backOfficeContext';
import { legalChangeDocument, legalChangeReviewLogic } from '../../app/legalChangeActors';
import { useLoad } from '../../app/useLoad';
import { errorMessages } from '../../i18n/errorMessages';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { LegalChangeReviewJourney, legalChangeKindText } from './LegalChangeReviewJourney';
import { Parts } from './Parts';

const m = defineMessages({
  title: { id: 'backOffice.legalChanges.title', defaultMessage: 'Legal changes' },
  intro: {
    id: 'backOffice.legalChanges.intro',
    defaultMessage:
      'Changes of legal details that merchants asked for from their profile, the longest waiting first.',
  },
  empty: { id: 'backOffice.legalChanges.empty', defaultMessage: 'No change is waiting for review.' },
  review: defineMessage<{ merchant: string }>({
    id: 'backOffice.legalChanges.review',
    defaultMessage: 'Review the change of {merchant}',
  }),
  asked: defineMessage<{ date: string }>({
    id: 'backOffice.legalChanges.asked',
    defaultMessage: 'asked {date}',
  }),
  documents: defineMessage<{ count: number }>({
    id: 'backOffice.legalChanges.documents',
    defaultMessage: '{count, plural, =0 {no documents} one {# document} other {# documents}}',
  }),
});

/** Reviewers and admins: the changes of legal details waiting, oldest first. */
export function LegalChangesScreen() {
  const intl = useIntl();
  const { api } = useBackOffice();
  const load = useCallback(
    (signal: AbortSignal) => unwrap(api.GET('/api/back-office/legal-changes/', { signal })),
    [api],
  );
  const { state, reload } = useLoad('legal-changes', load);
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} onRetry={reload} />;
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Card>
        {state.data.items.length === 0 ? <Muted>{intl.formatMessage(m.empty)}</Muted> : null}
        <ul>
          {state.data.items.map((change) => (
            <li key={change.id}>
              <Parts>
                <Link to={`/back-office/legal-changes/${change.id}`}>
                  {intl.formatMessage(m.review, { merchant: change.merchant.name })}
                </Link>
                <span>{legalChangeKindText(intl, change.kind)}</span>
                <span>
                  {intl.formatMessage(m.asked, {
                    date: intl.formatDate(change.created_at, { dateStyle: 'medium', timeStyle: 'short' }),
                  })}
                </span>
                <span>{intl.formatMessage(m.documents, { count: change.documents.length })}</span>
              </Parts>
            </li>
          ))}
        </ul>
      </Card>
    </Page>
  );
}

/** One change under review (the legalChangeReview journey); documents open in a new tab. */
export function LegalChangeReviewScreen() {
  const intl = useIntl();
  const { api } = useBackOffice();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const logic = useMemo(() => legalChangeReviewLogic(api), [api]);
  const [failed, setFailed] = useState(false);
  const open = useCallback(
    (document: OnboardingDocument) => {
      setFailed(false);
      legalChangeDocument(api, id, document.id).then(
        (blob) => {
          const url = URL.createObjectURL(blob);
          window.open(url, '_blank', 'noopener');
          // The new tab has read it by then; the URL must not outlive the page.
          setTimeout(() => URL.revokeObjectURL(url), 60_000);
        },
        () => setFailed(true),
      );
    },
    [api, id],
  );
  return (
    <Page>
      {failed ? <Alert role="alert">{intl.formatMessage(errorMessages.unknown)}</Alert> : null}
      <LegalChangeReviewJourney
        key={id}
        changeId={id}
        logic={logic}
        onOpenDocument={open}
        onBack={() => void navigate('/back-office/legal-changes')}
      />
    </Page>
  );
}

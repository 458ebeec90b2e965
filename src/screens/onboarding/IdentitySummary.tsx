import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { IdentityVerification } from '../../../schemas/onboarding.schema';

/** SPEC §2: where the representative verifies their identity (the identity verification journey). */
export const identityVerificationPath = '/identity-verification/';

export function VerifyIdentityLink() {
  return (
    <Link to={identityVerificationPath}>
      <FormattedMessage
        id="onboarding.review.identityVerify"
        defaultMessage="Verify the representative's identity"
      />
    </Link>
  );
}

/**
 * Where the identity verification stands; a link to /identity-verification/ until the photos passed the automatic
 * checks (and again when a person at the bank refused them). "Verified" only once a person confirmed them.
 */
export function IdentitySummary({ verification }: { verification: IdentityVerification | null }) {
  const intl = useIntl();
  const status = verification?.status ?? 'not_started';
  let text: string;
  switch (status) {
    case 'verified':
      text = verification?.verified_at
        ? intl.formatMessage(
            { id: 'onboarding.review.identityPassedOn', defaultMessage: 'Verified on {date}' },
            { date: intl.formatDate(verification.verified_at, { dateStyle: 'long' }) },
          )
        : intl.formatMessage({ id: 'onboarding.review.identityPassed', defaultMessage: 'Verified' });
      break;
    case 'awaiting_review':
      text = intl.formatMessage({
        id: 'onboarding.review.identityAwaitingReview',
        defaultMessage: 'Photos received and checked automatically; a person at the bank is checking them',
      });
      break;
    case 'refused':
      text = verification?.refusal_reason
        ? intl.formatMessage(
            {
              id: 'onboarding.review.identityRefusedWhy',
              defaultMessage: 'The bank could not accept the photos: {reason}. Please take them again',
            },
            { reason: verification.refusal_reason },
          )
        : intl.formatMessage({
            id: 'onboarding.review.identityRefused',
            defaultMessage: 'The bank could not accept the photos. Please take them again',
          });
      break;
    case 'in_progress':
      text = intl.formatMessage({
        id: 'onboarding.review.identityInProgress',
        defaultMessage: 'Started, not finished yet',
      });
      break;
    case 'failed':
      text = intl.formatMessage({
        id: 'onboarding.review.identityFailed',
        defaultMessage: 'Not passed: please try again',
      });
      break;
    case 'not_started':
      text = intl.formatMessage({
        id: 'onboarding.review.identityNotStarted',
        defaultMessage: 'Not started',
      });
      break;
  }
  return (
    <dl>
      <dt>
        <FormattedMessage id="onboarding.review.identityStatus" defaultMessage="Status" />
      </dt>
      <dd>
        {text}
        {status === 'verified' || status === 'awaiting_review' ? null : (
          <>
            {' '}
            <VerifyIdentityLink />
          </>
        )}
      </dd>
    </dl>
  );
}

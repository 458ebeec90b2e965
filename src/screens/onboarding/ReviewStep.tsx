import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  editableSteps,
  selectFieldErrors,
  selectIdentityVerification,
  selectOnboardingWarnings,
  selectOnboardingBusy,
  selectOnboardingData,
  selectSubmitting,
  type EditableStep,
} from '../../../machines/onboarding.machine';
import type { Address, OnboardingState } from '../../../schemas/onboarding.schema';
import { basisPointsToPercentage, percentageToBasisPoints } from '../../../schemas/onboarding.schema';
import { Button } from '../../ui/Button';
import { Alert, Row } from '../../ui/Layout';
import { StepHeading } from '../../ui/StepHeading';
import { documentTypeName } from '../../i18n/documentText';
import { itemName, useReference } from '../../ui/stepForm';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { requestedNote, StepRequestNote } from './InformationRequestNotice';
import { IdentitySummary } from './IdentitySummary';
import { OnboardingErrorAlert } from './StepFrame';
import { stepTitle } from './steps';
import { OnboardingWarnings } from '../../ui/company/OnboardingWarnings';

const Section = styled.section`
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 {
    font-size: 1.1rem;
    margin: 0;
  }
  dl {
    display: grid;
    grid-template-columns: minmax(8rem, 1fr) 2fr;
    gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(3)};
  }
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
  }
`;

/** The steps the server still misses, from the keys of a 422 `onboarding_incomplete` (first path segment). */
function missingSteps(fields: Record<string, string>): EditableStep[] {
  const named = new Set(Object.keys(fields).map((path) => path.split('.')[0]));
  return editableSteps.filter((step) => named.has(step));
}

function useAddressText() {
  const intl = useIntl();
  const { countries } = useReference();
  return (address: Address | null | undefined) =>
    address
      ? [
          address.line1,
          address.line2,
          `${address.postal_code} ${address.city}`,
          itemName(intl, countries, address.country),
        ]
          .filter(Boolean)
          .join(', ')
      : '';
}

function StepSummary({ data, step }: { data: OnboardingState; step: EditableStep }): ReactNode {
  const intl = useIntl();
  const reference = useReference();
  const address = useAddressText();
  const country = (code: string) => itemName(intl, reference.countries, code);
  const pairs: Array<[string, string]> = [];
  const { steps } = data;
  switch (step) {
    case 'representative': {
      const rep = steps.representative;
      if (rep) {
        pairs.push(
          [
            intl.formatMessage({ id: 'onboarding.review.name', defaultMessage: 'Name' }),
            `${rep.first_name} ${rep.last_name}`,
          ],
          [
            intl.formatMessage({ id: 'onboarding.representative.jobTitle', defaultMessage: 'Job title' }),
            rep.job_title,
          ],
          [
            intl.formatMessage({
              id: 'onboarding.representative.birthDate',
              defaultMessage: 'Date of birth',
            }),
            rep.date_of_birth,
          ],
          [
            intl.formatMessage({ id: 'onboarding.representative.phone', defaultMessage: 'Phone number' }),
            rep.phone,
          ],
          [
            intl.formatMessage({
              id: 'onboarding.representative.citizenship',
              defaultMessage: 'Citizenship',
            }),
            country(rep.citizenship),
          ],
        );
      }
      break;
    }
    case 'company': {
      const company = steps.company;
      if (company) {
        pairs.push(
          [
            intl.formatMessage({ id: 'onboarding.company.name', defaultMessage: 'Company name' }),
            company.name,
          ],
          [
            intl.formatMessage({ id: 'onboarding.company.legalForm', defaultMessage: 'Legal form' }),
            itemName(intl, reference.legalForms, company.legal_form),
          ],
          [
            intl.formatMessage({ id: 'onboarding.company.vat', defaultMessage: 'VAT number' }),
            company.vat_number,
          ],
          [
            intl.formatMessage({
              id: 'onboarding.company.registeredAddress',
              defaultMessage: 'Registered address',
            }),
            address(company.registered_address),
          ],
          [
            intl.formatMessage({ id: 'onboarding.company.industry', defaultMessage: 'Industry' }),
            itemName(intl, reference.industries, company.industry),
          ],
        );
      }
      break;
    }
    case 'directors':
      for (const [index, director] of (steps.directors?.directors ?? []).entries()) {
        pairs.push([
          intl.formatMessage(
            { id: 'onboarding.directors.legend', defaultMessage: 'Director {n}' },
            { n: index + 1 },
          ),
          `${director.first_name} ${director.last_name}`,
        ]);
      }
      break;
    case 'shareholders':
      for (const [index, holder] of (steps.shareholders?.shareholders ?? []).entries()) {
        pairs.push([
          intl.formatMessage(
            { id: 'onboarding.shareholders.legend', defaultMessage: 'Shareholder {n}' },
            { n: index + 1 },
          ),
          `${holder.name} (${basisPointsToPercentage(percentageToBasisPoints(holder.percentage))} %)`,
        ]);
      }
      break;
    case 'documents':
      for (const document of data.documents) {
        pairs.push([documentTypeName(intl, document.type), document.file_name]);
      }
      break;
    case 'funding': {
      const funding = steps.funding;
      if (funding) {
        const money = (value: { amount_minor: string; currency: string }) =>
          intl.formatNumber(Number(BigInt(value.amount_minor) / 100n), {
            style: 'currency',
            currency: value.currency,
            maximumFractionDigits: 0,
          });
        pairs.push(
          [
            intl.formatMessage({
              id: 'onboarding.funding.incoming',
              defaultMessage: 'Expected incoming funds per month',
            }),
            `${money(funding.expected_incoming)}, ${country(funding.source_country)}`,
          ],
          [
            intl.formatMessage({
              id: 'onboarding.funding.spending',
              defaultMessage: 'Expected spending per month',
            }),
            `${money(funding.expected_spending)}, ${country(funding.destination_country)}`,
          ],
        );
      }
      break;
    }
  }
  if (pairs.length === 0) {
    return (
      <p>
        <FormattedMessage id="onboarding.review.empty" defaultMessage="Not filled in yet." />
      </p>
    );
  }
  return (
    <dl>
      {pairs.map(([term, value], index) => (
        <div key={index} style={{ display: 'contents' }}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function identityTitle(intl: ReturnType<typeof useIntl>): string {
  return intl.formatMessage({
    id: 'onboarding.review.identity',
    defaultMessage: "Representative's identity verification",
  });
}

/** The last step: everything entered, with a way back to each step, and "Submit for review". */
export function ReviewStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const data = useOnboarding(onboarding, selectOnboardingData);
  const busy = useOnboarding(onboarding, selectOnboardingBusy);
  const submitting = useOnboarding(onboarding, selectSubmitting);
  const fields = useOnboarding(onboarding, selectFieldErrors);
  const error = useOnboarding(onboarding, (s) => s.context.error);
  const verification = useOnboarding(onboarding, selectIdentityVerification);
  const warnings = useOnboarding(onboarding, selectOnboardingWarnings);
  const missing = error === 'onboarding_incomplete' ? missingSteps(fields) : [];
  const identityMissing = error === 'onboarding_incomplete' && 'identity_verification' in fields;
  if (!data) return null;
  return (
    <div>
      <StepHeading>{stepTitle(intl, 'review')}</StepHeading>
      <OnboardingErrorAlert onboarding={onboarding} />
      {missing.length > 0 ? (
        <Alert>
          <FormattedMessage id="onboarding.review.missing" defaultMessage="Complete these steps first:" />
          <ul>
            {missing.map((step) => (
              <li key={step}>{stepTitle(intl, step)}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <OnboardingWarnings codes={warnings.map((warning) => warning.code)} />
      {editableSteps.map((step) => (
        <Section key={step} aria-labelledby={`review-${step}`}>
          <Row>
            <h2 id={`review-${step}`}>{stepTitle(intl, step)}</h2>
            {/* While the bank asks for more information, only the steps it named can change. */}
            {data.information_request && requestedNote(data.information_request, step) === null ? null : (
              <Button
                variant="quiet"
                disabled={busy}
                aria-label={intl.formatMessage(
                  { id: 'onboarding.review.edit', defaultMessage: 'Edit {step}' },
                  { step: stepTitle(intl, step) },
                )}
                onClick={() => onboarding.send({ type: 'step.edit', step })}
              >
                <FormattedMessage id="onboarding.review.editShort" defaultMessage="Edit" />
              </Button>
            )}
          </Row>
          <StepRequestNote request={data.information_request} step={step} />
          <StepSummary data={data} step={step} />
        </Section>
      ))}
      <Section aria-labelledby="review-identity">
        <h2 id="review-identity">{identityTitle(intl)}</h2>
        {/* Named beside its own step, where the link to do it is, not in a list at the top. */}
        {identityMissing ? (
          <Alert>
            <FormattedMessage
              id="onboarding.review.identityNeeded"
              defaultMessage="Needed before you can submit: verify the representative's identity with a photo of an identity document and a selfie."
            />
          </Alert>
        ) : null}
        <StepRequestNote request={data.information_request} step="identity" />
        <IdentitySummary verification={verification} />
      </Section>
      <Row>
        <Button variant="secondary" disabled={busy} onClick={() => onboarding.send({ type: 'step.back' })}>
          <FormattedMessage id="onboarding.back" defaultMessage="Back" />
        </Button>
        <Button busy={submitting} disabled={busy} onClick={() => onboarding.send({ type: 'review.submit' })}>
          <FormattedMessage id="onboarding.review.submit" defaultMessage="Submit for review" />
        </Button>
      </Row>
    </div>
  );
}

import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  selectKycBusy,
  selectKycCriteria,
  selectKycDetails,
  selectKycFieldErrors,
  type KycDetails,
} from '../../../machines/identityVerification.machine';
import { KycInitiateBody, kycDocumentTypes } from '../../../schemas/kyc.schema';
import { Button } from '../../ui/Button';
import { Muted, Row } from '../../ui/Layout';
import { StepHeading } from '../../ui/StepHeading';
import { FormSelect, FormText, useStepForm, type StepForm } from '../../ui/stepForm';
import { KycErrorAlert } from './KycErrorAlert';
import { useKyc, type KycActor } from './kycActor';
import { documentTypeName, translateKycIssue } from './kycMessages';

/** /identity-verification/: what is checked, then the document's details as printed on it. */
export function StartStep({ kyc }: { kyc: KycActor }) {
  const intl = useIntl();
  const busy = useKyc(kyc, selectKycBusy);
  const criteria = useKyc(kyc, selectKycCriteria);
  const saved = useKyc(kyc, selectKycDetails);
  const serverErrors = useKyc(kyc, selectKycFieldErrors);
  const form = useStepForm<KycDetails>(
    KycInitiateBody,
    () =>
      saved ?? {
        document_type: '' as never,
        document_number: '',
        expiry_date: '',
        first_name: '',
        last_name: '',
      },
    serverErrors,
  );
  // The form's fields, with this schema's own messages translated too.
  const bound = {
    ...form,
    errorAt: (path: string) => translateKycIssue(intl, form.errorAt(path)),
  } as StepForm<unknown>;
  const options = kycDocumentTypes.map((type) => ({ code: type, name: documentTypeName(intl, type) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (form.check()) kyc.send({ type: 'details.submit', values: form.values });
  };
  return (
    <form onSubmit={submit} noValidate>
      <StepHeading>
        <FormattedMessage id="kyc.start.title" defaultMessage="Verify your identity" />
      </StepHeading>
      <KycErrorAlert kyc={kyc} />
      <p>
        <FormattedMessage
          id="kyc.start.intro"
          defaultMessage="As the company's representative, photograph your identity document and take a selfie. A passport needs its front; an identity card or driving licence its front and back."
        />
      </p>
      {criteria ? (
        <Muted>
          <FormattedMessage
            id="kyc.start.rules"
            defaultMessage="Photos: JPEG or PNG, at least {width} × {height} pixels, up to {megabytes} MB. The document must not have expired, and the name on it must match the representative in your onboarding."
            values={{
              width: criteria.image.min_width,
              height: criteria.image.min_height,
              megabytes: Math.floor(criteria.image.max_bytes / (1024 * 1024)) || 1,
            }}
          />
        </Muted>
      ) : null}
      <FormSelect
        form={bound}
        path="document_type"
        options={options}
        label={intl.formatMessage({ id: 'kyc.field.documentType', defaultMessage: 'Document type' })}
      />
      <FormText
        form={bound}
        path="document_number"
        autoComplete="off"
        label={intl.formatMessage({ id: 'kyc.field.documentNumber', defaultMessage: 'Document number' })}
      />
      <FormText
        form={bound}
        path="expiry_date"
        type="date"
        label={intl.formatMessage({ id: 'kyc.field.expiryDate', defaultMessage: 'Expiry date' })}
      />
      <FormText
        form={bound}
        path="first_name"
        autoComplete="given-name"
        label={intl.formatMessage({
          id: 'kyc.field.firstName',
          defaultMessage: 'First name (as on the document)',
        })}
      />
      <FormText
        form={bound}
        path="last_name"
        autoComplete="family-name"
        label={intl.formatMessage({
          id: 'kyc.field.lastName',
          defaultMessage: 'Last name (as on the document)',
        })}
      />
      <Row>
        <Button type="submit" busy={busy}>
          <FormattedMessage id="kyc.start.continue" defaultMessage="Continue to photos" />
        </Button>
      </Row>
    </form>
  );
}

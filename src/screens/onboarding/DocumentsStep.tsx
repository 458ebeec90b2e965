import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  selectDeleting,
  selectOnboardingBusy,
  selectOnboardingData,
  selectUploadProgress,
} from '../../../machines/onboarding.machine';
import type { DocumentType, OnboardingDocument } from '../../../schemas/onboarding.schema';
import { documentTypeName } from '../../i18n/documentText';
import { Button } from '../../ui/Button';
import { Muted, Row } from '../../ui/Layout';
import { Spinner } from '../../ui/Spinner';
import { Fieldset } from '../../ui/stepForm';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { useOnboardingServices } from './services';
import { StepFrame } from './StepFrame';
import { stepTitle } from './steps';

const Preview = styled.img`
  display: block;
  max-width: 12rem;
  max-height: 8rem;
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

/** A preview of a stored file: the image itself, or a link that opens the PDF (object URL from downloadDocument). */
export function DocumentPreview({ document }: { document: OnboardingDocument }) {
  const services = useOnboardingServices();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let created: string | null = null;
    let live = true;
    services.downloadDocument(document.id).then(
      (blob) => {
        if (!live || typeof URL.createObjectURL !== 'function') return;
        created = URL.createObjectURL(blob);
        setUrl(created);
      },
      () => {},
    );
    return () => {
      live = false;
      if (created) URL.revokeObjectURL(created);
    };
  }, [services, document.id]);
  if (!url) return null;
  if (document.content_type === 'application/pdf') {
    return (
      <a href={url} target="_blank" rel="noreferrer">
        <FormattedMessage
          id="onboarding.documents.open"
          defaultMessage="Open {name}"
          values={{ name: document.file_name }}
        />
      </a>
    );
  }
  return <Preview src={url} alt={document.file_name} />;
}

function UploadInput({
  type,
  disabled,
  onFile,
}: {
  type: DocumentType;
  disabled: boolean;
  onFile: (file: File) => void;
}) {
  const intl = useIntl();
  const id = useId();
  return (
    <p>
      <label htmlFor={id}>
        <FormattedMessage
          id="onboarding.documents.upload"
          defaultMessage="Upload {type} (PDF, JPEG or PNG)"
          values={{ type: documentTypeName(intl, type) }}
        />
      </label>
      <input
        id={id}
        type="file"
        accept="application/pdf,image/jpeg,image/png"
        disabled={disabled}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </p>
  );
}

const ProgressRow = styled.p`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  progress {
    flex: 1;
    max-width: 20rem;
  }
`;

/** The upload under way: a real progress bar (bytes sent, from the upload effect) with its percentage. */
function UploadProgressBar({ progress }: { progress: NonNullable<ReturnType<typeof selectUploadProgress>> }) {
  const intl = useIntl();
  const id = useId();
  const percent = intl.formatNumber(progress.percent / 100, { style: 'percent' });
  return (
    <ProgressRow>
      <label htmlFor={id}>
        <FormattedMessage
          id="onboarding.documents.uploadingFile"
          defaultMessage="Uploading {name}"
          values={{ name: progress.fileName }}
        />
      </label>
      <progress id={id} max={100} value={progress.percent} aria-valuetext={percent}>
        {percent}
      </progress>
      <span aria-hidden="true">{percent}</span>
    </ProgressRow>
  );
}

/** Step 5: the documents the legal form needs; each upload and deletion is its own call, shown while it runs. */
export function DocumentsStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const data = useOnboarding(onboarding, selectOnboardingData);
  const busy = useOnboarding(onboarding, selectOnboardingBusy);
  const progress = useOnboarding(onboarding, selectUploadProgress);
  const deleting = useOnboarding(onboarding, selectDeleting);
  const documents = data?.documents ?? [];
  const required = data?.required_documents ?? [];
  const types: DocumentType[] = [...required, 'other'];
  return (
    <StepFrame
      onboarding={onboarding}
      title={stepTitle(intl, 'documents')}
      onContinue={() => onboarding.send({ type: 'documents.continue' })}
    >
      {required.length === 0 ? (
        <Muted>
          <FormattedMessage
            id="onboarding.documents.chooseLegalForm"
            defaultMessage="The documents you need depend on the legal form in Company information."
          />
        </Muted>
      ) : null}
      {progress ? <UploadProgressBar progress={progress} /> : null}
      {deleting ? (
        <Row>
          <Spinner
            size={20}
            label={intl.formatMessage({ id: 'onboarding.documents.deleting', defaultMessage: 'Deleting…' })}
          />
          <FormattedMessage id="onboarding.documents.deleting" defaultMessage="Deleting…" />
        </Row>
      ) : null}
      {types.map((type) => {
        const mine = documents.filter((document) => document.type === type);
        return (
          <Fieldset key={type}>
            <legend>
              {type === 'other'
                ? intl.formatMessage(
                    { id: 'onboarding.field.optional', defaultMessage: '{label} (optional)' },
                    { label: documentTypeName(intl, type) },
                  )
                : documentTypeName(intl, type)}
            </legend>
            {mine.map((document) => (
              <div key={document.id}>
                <p>{document.file_name}</p>
                <DocumentPreview document={document} />
                <Button
                  variant="quiet"
                  disabled={busy}
                  onClick={() => onboarding.send({ type: 'document.delete', documentId: document.id })}
                >
                  <FormattedMessage
                    id="onboarding.documents.delete"
                    defaultMessage="Delete {name}"
                    values={{ name: document.file_name }}
                  />
                </Button>
              </div>
            ))}
            <UploadInput
              type={type}
              disabled={busy}
              onFile={(file) => onboarding.send({ type: 'document.upload', kind: type, file })}
            />
          </Fieldset>
        );
      })}
    </StepFrame>
  );
}

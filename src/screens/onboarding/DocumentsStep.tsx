import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import {
  selectDeleting,
  selectOnboardingBusy,
  selectOnboardingData,
  selectOnboardingError,
  selectUploadProgress,
} from '../../../machines/onboarding.machine';
import type { DocumentType, OnboardingDocument } from '../../../schemas/onboarding.schema';
import { documentTypeName } from '../../i18n/documentText';
import { Button } from '../../ui/Button';
import { FileDrop } from '../../ui/FileDrop';
import { fileErrorText, fileTypeList } from '../../ui/fileErrors';
import { Muted, Row } from '../../ui/Layout';
import { Spinner } from '../../ui/Spinner';
import { Fieldset } from '../../ui/stepForm';
import { useOnboarding, type OnboardingActor } from './onboardingActor';
import { useOnboardingServices } from './services';
import { documentRules, StepFrame } from './StepFrame';
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

/** The upload last sent: the field its refusal is shown beside, and the file it was about. */
type LastUpload = { kind: DocumentType; name: string; size: number };

/** Step 5: the documents the legal form needs; each upload and deletion is its own call, shown while it runs. */
export function DocumentsStep({ onboarding }: { onboarding: OnboardingActor }) {
  const intl = useIntl();
  const data = useOnboarding(onboarding, selectOnboardingData);
  const busy = useOnboarding(onboarding, selectOnboardingBusy);
  const progress = useOnboarding(onboarding, selectUploadProgress);
  const deleting = useOnboarding(onboarding, selectDeleting);
  const error = useOnboarding(onboarding, selectOnboardingError);
  const [last, setLast] = useState<LastUpload | null>(null);
  // A refusal belongs to the field whose upload it answered; a failed deletion is said at the top of the step.
  const uploadError = last && error && !busy ? fileErrorText(intl, { code: error }, documentRules) : null;
  const types = fileTypeList(intl, documentRules.types);
  const documents = data?.documents ?? [];
  const required = data?.required_documents ?? [];
  const kinds: DocumentType[] = [...required, 'other'];
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
      {deleting ? (
        <Row>
          <Spinner
            size={20}
            label={intl.formatMessage({ id: 'onboarding.documents.deleting', defaultMessage: 'Deleting…' })}
          />
          <FormattedMessage id="onboarding.documents.deleting" defaultMessage="Deleting…" />
        </Row>
      ) : null}
      {kinds.map((type) => {
        const mineLast = last?.kind === type ? last : null;
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
                  onClick={() => {
                    setLast(null);
                    onboarding.send({ type: 'document.delete', documentId: document.id });
                  }}
                >
                  <FormattedMessage
                    id="onboarding.documents.delete"
                    defaultMessage="Delete {name}"
                    values={{ name: document.file_name }}
                  />
                </Button>
              </div>
            ))}
            <FileDrop
              label={intl.formatMessage(
                { id: 'onboarding.documents.upload', defaultMessage: 'Upload {type} ({types})' },
                { type: documentTypeName(intl, type), types },
              )}
              rules={documentRules}
              disabled={busy}
              file={mineLast && (progress || uploadError) ? mineLast : null}
              progress={mineLast ? progress : null}
              error={mineLast ? uploadError : null}
              onFile={(file) => {
                setLast({ kind: type, name: file.name, size: file.size });
                onboarding.send({ type: 'document.upload', kind: type, file });
              }}
            />
          </Fieldset>
        );
      })}
    </StepFrame>
  );
}

import { useSelector } from '@xstate/react';
import { useCallback, useId, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import styled from 'styled-components';
import { toApiFailure } from '../../../machines/apiFailure';
import { selectAuthenticated } from '../../../machines/session.machine';
import { legalDocuments, type LegalAcceptance, type LegalDocumentName } from '../../../schemas/public.schema';
import { useSessionActor } from '../../app/session';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { useClientConfig } from '../../ui/clientConfig';
import { StepHeading } from '../../ui/StepHeading';
import { useLoad } from '../../app/useLoad';
import { legalServicesFromApi, type LegalServices } from './legalService';

export type LegalSection = { heading: MessageDescriptor; paragraphs: MessageDescriptor[] };

const m = defineMessages({
  acceptTerms: { id: 'legal.accept.terms_of_use', defaultMessage: 'Accept the terms of use' },
  acceptPrivacy: { id: 'legal.accept.privacy_policy', defaultMessage: 'Accept the privacy policy' },
  pendingTerms: {
    id: 'legal.pending.terms_of_use',
    defaultMessage:
      'The terms of use have changed since you last accepted them. Please read them and accept the new version.',
  },
  pendingPrivacy: {
    id: 'legal.pending.privacy_policy',
    defaultMessage:
      'The privacy policy has changed since you last accepted it. Please read it and accept the new version.',
  },
  acceptedToast: { id: 'legal.accepted.toast', defaultMessage: 'Thank you: your acceptance is recorded.' },
  failed: {
    id: 'legal.accept.failed',
    defaultMessage: 'Your acceptance could not be recorded. Please try again.',
  },
  changed: {
    id: 'legal.accept.changed',
    defaultMessage: 'A newer version was published meanwhile. Reload the page to read it, then accept it.',
  },
});

const valued = {
  version: defineMessage<{ version: string; date: string }>({
    id: 'legal.versionEffective',
    defaultMessage: 'Version {version}, in effect from {date}',
  }),
  accepted: defineMessage<{ version: string; date: string }>({
    id: 'legal.accepted',
    defaultMessage: 'You accepted version {version} on {date}.',
  }),
};

const Section = styled.section`
  margin-top: ${({ theme }) => theme.space(6)};
  h2 {
    font-size: 1.2rem;
    margin-bottom: ${({ theme }) => theme.space(2)};
  }
  p {
    line-height: 1.6;
  }
`;

const Notice = styled.div`
  border-left: 4px solid ${({ theme }) => theme.colors.primary};
  background: ${({ theme }) => theme.colors.background};
  padding: ${({ theme }) => `${theme.space(3)} ${theme.space(4)}`};
  border-radius: ${({ theme }) => theme.radii.small};
  margin: ${({ theme }) => `${theme.space(4)} 0`};
  p {
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
`;

/** A calendar day (YYYY-MM-DD) in the reader's language, whatever their time zone. */
function dayText(intl: ReturnType<typeof useIntl>, day: string): string {
  return intl.formatDate(new Date(`${day}T00:00:00Z`), { dateStyle: 'long', timeZone: 'UTC' });
}

/**
 * For a signed-in user: whether they accepted this document's current version, and the "Accept" action when they
 * have not (SPEC §7 "accepting terms"). Nothing for a visitor who is not signed in, nor while the answer is on its way.
 */
function Acceptance({ document, services }: { document: LegalDocumentName; services: LegalServices }) {
  const intl = useIntl();
  const noticeId = useId();
  const load = useCallback((signal: AbortSignal) => services.loadAcceptance(signal), [services]);
  const { state } = useLoad('acceptance', load);
  const [recorded, setRecorded] = useState<LegalAcceptance | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (state.status !== 'loaded') return null;
  const acceptance = recorded ?? state.data.documents.find((entry) => entry.document === document);
  if (!acceptance) return null;

  if (!acceptance.pending) {
    if (!acceptance.accepted_version || !acceptance.accepted_at) return null;
    return (
      <Muted role="status">
        {intl.formatMessage(valued.accepted, {
          version: acceptance.accepted_version,
          date: intl.formatDate(acceptance.accepted_at, { dateStyle: 'long' }),
        })}
      </Muted>
    );
  }

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      const status = await services.acceptTerms({
        documents: [{ document, version: acceptance.current_version }],
      });
      const mine = status.documents.find((entry) => entry.document === document) ?? null;
      setRecorded(mine);
      notify('success', intl.formatMessage(m.acceptedToast));
    } catch (thrown) {
      const failure = toApiFailure(thrown);
      if (failure.kind === 'network') setError(intl.formatMessage(errorMessages.network));
      else if (failure.status === 409) setError(intl.formatMessage(m.changed));
      else setError(intl.formatMessage(m.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Notice>
      <p id={noticeId}>
        {intl.formatMessage(document === 'terms_of_use' ? m.pendingTerms : m.pendingPrivacy)}
      </p>
      {error ? <Alert role="alert">{error}</Alert> : null}
      <Button busy={busy} aria-describedby={noticeId} onClick={() => void accept()}>
        {intl.formatMessage(document === 'terms_of_use' ? m.acceptTerms : m.acceptPrivacy)}
      </Button>
    </Notice>
  );
}

/**
 * A public legal text (/terms-of-use, /privacy-policy): every heading and paragraph is its own message. The version
 * and the day it took effect come from schemas/public.schema.ts `legalDocuments`; a signed-in user also sees whether
 * they accepted this version, and can accept it when they have not.
 */
export function LegalPage({
  title,
  document,
  sections,
  services = legalServicesFromApi,
}: {
  title: MessageDescriptor;
  document: LegalDocumentName;
  sections: LegalSection[];
  services?: LegalServices;
}) {
  const intl = useIntl();
  const authenticated = useSelector(useSessionActor(), selectAuthenticated);
  // A paragraph that quotes a configured number reads it from the server's configuration (GET /api/config/).
  const configured = { codeMinutes: Math.round(useClientConfig().otp_ttl_seconds / 60) };
  const { version, effective_date: effective } = legalDocuments[document];
  return (
    <Page>
      <Card>
        <article>
          <StepHeading>{intl.formatMessage(title)}</StepHeading>
          <Muted>{intl.formatMessage(valued.version, { version, date: dayText(intl, effective) })}</Muted>
          {authenticated ? <Acceptance document={document} services={services} /> : null}
          {sections.map((section) => (
            <Section key={section.heading.id}>
              <h2>{intl.formatMessage(section.heading)}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.id}>{intl.formatMessage(paragraph, configured)}</p>
              ))}
            </Section>
          ))}
        </article>
      </Card>
    </Page>
  );
}

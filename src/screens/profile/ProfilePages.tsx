import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { toApiFailure, type ApiFailure } from '../../../machines/apiFailure';
import { documentTypes, type CompanyStep, type OnboardingDocument } from '../../../schemas/onboarding.schema';
import type { CompanyContactBody, CompanyProfile } from '../../../schemas/profile.schema';
import { errorMessages } from '../../i18n/errorMessages';
import { bankDateText } from '../../i18n/formatDate';
import { formatShare } from '../../i18n/formatMoney';
import { Figures } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page, Row } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { LoadFailure } from '../LoadFailure';
import { documentTypeName } from '../../i18n/documentText';
import { itemName, translateIssue, useOptions } from '../../ui/stepForm';
import { useLoad } from '../../app/useLoad';
import { downloadLabel, logoAlt, ownership, personName, profileMessages as m } from './profileMessages';
import { DirectorsEditor, ShareholdersEditor } from './LegalEditors';
import { addressText, Section, Select, useProfileServices, useReference } from './profileParts';
import { ProfileLoadGate, ReviewedCard, useProfileChange, type ReviewJourneyProps } from './ReviewedDetails';
import { percentageToBasisPoints } from '../../../schemas/onboarding.schema';
import { saveFile } from '../../ui/saveFile';
import { FileDrop } from '../../ui/FileDrop';
import { fileErrorText, type FileRules } from '../../ui/fileErrors';
import { defaultUploadLimitBytes } from '../../../schemas/kyc.schema';

/** Field messages of a refused save, translated; a failure's general text. */
function failureText(intl: ReturnType<typeof useIntl>, failure: ApiFailure, fallback: string): string {
  if (failure.kind === 'network') return intl.formatMessage(errorMessages.network);
  if (failure.status === 413) return intl.formatMessage(m.tooLarge);
  if (failure.code === 'unsupported_file_type' || failure.code === 'invalid_image') {
    return intl.formatMessage(m.wrongType);
  }
  if (failure.code === 'validation_failed') return intl.formatMessage(m.checkFields);
  return fallback;
}

function fieldsOf(failure: ApiFailure | null): Record<string, string> {
  return failure?.kind === 'http' ? (failure.fields ?? {}) : {};
}

/** Loads the profile for a page that edits nothing through review. */
function useProfile() {
  const services = useProfileServices();
  const load = useCallback((signal: AbortSignal) => services.loadProfile(signal), [services]);
  return useLoad('profile', load);
}

// ---- company-details: contact details, saved at once ----------------------------------------------------------

function contactOf(company: CompanyStep, email: string): Record<string, string> {
  return {
    commercial_name: company.commercial_name ?? '',
    phone: company.phone,
    website_url: company.website_url ?? '',
    contact_email: email,
    industry: company.industry,
    size: company.size,
    annual_turnover: company.annual_turnover,
  };
}

function ContactForm({ profile, company }: { profile: CompanyProfile; company: CompanyStep }) {
  const intl = useIntl();
  const services = useProfileServices();
  const reference = useReference();
  const industries = useOptions(reference.industries);
  const sizes = useOptions(reference.sizes);
  const turnovers = useOptions(reference.turnovers);
  const [values, setValues] = useState(() => contactOf(company, profile.contact_email));
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const fields = fieldsOf(failure);
  const set = (key: string) => (value: string) => setValues((old) => ({ ...old, [key]: value }));
  const error = (key: string) => (fields[key] ? translateIssue(intl, fields[key] ?? '') : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const body = {
      ...values,
      trading_same_as_registered: company.trading_same_as_registered,
      trading_address: company.trading_address ?? null,
    } as CompanyContactBody;
    try {
      await services.updateContact(body);
      notify('success', intl.formatMessage(m.saved));
    } catch (thrown) {
      setFailure(toApiFailure(thrown));
    } finally {
      setBusy(false);
    }
  };

  const text = (key: string, label: string, type = 'text', autoComplete = 'off') => (
    <TextField
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[key] ?? ''}
      disabled={busy || !profile.editable}
      error={error(key)}
      onChange={(event) => set(key)(event.target.value)}
    />
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {failure ? (
        <Alert role="alert">{failureText(intl, failure, intl.formatMessage(m.saveFailed))}</Alert>
      ) : null}
      {text('commercial_name', intl.formatMessage(m.tradingName), 'text', 'organization')}
      {text('phone', intl.formatMessage(m.phone), 'tel', 'tel')}
      {text('website_url', intl.formatMessage(m.website), 'url', 'url')}
      {text('contact_email', intl.formatMessage(m.contactEmail), 'email', 'email')}
      <Select
        label={intl.formatMessage(m.industry)}
        value={values.industry ?? ''}
        options={industries}
        onChange={set('industry')}
        error={error('industry')}
        disabled={busy || !profile.editable}
      />
      <Select
        label={intl.formatMessage(m.size)}
        value={values.size ?? ''}
        options={sizes}
        onChange={set('size')}
        error={error('size')}
        disabled={busy || !profile.editable}
      />
      <Select
        label={intl.formatMessage(m.turnover)}
        value={values.annual_turnover ?? ''}
        options={turnovers}
        onChange={set('annual_turnover')}
        error={error('annual_turnover')}
        disabled={busy || !profile.editable}
      />
      {profile.editable ? (
        <Button type="submit" busy={busy} disabled={busy}>
          {intl.formatMessage(m.save)}
        </Button>
      ) : (
        <Muted>{intl.formatMessage(m.readOnly)}</Muted>
      )}
    </form>
  );
}

export function CompanyDetailsPage() {
  const intl = useIntl();
  const { state, reload } = useProfile();
  const reference = useReference();
  return (
    <Page>
      <h1>{intl.formatMessage(m.companyDetails)}</h1>
      <Muted>{intl.formatMessage(m.contactIntro)}</Muted>
      {state.status === 'loading' ? <PageSpinner /> : null}
      {state.status === 'failed' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      {state.status === 'loaded' ? (
        <Card>
          {state.data.company ? (
            <>
              <ContactForm profile={state.data} company={state.data.company} />
              <Figures>
                <dt>{intl.formatMessage(m.tradingAddress)}</dt>
                <dd>
                  {state.data.company.trading_same_as_registered
                    ? intl.formatMessage(m.sameAsRegistered)
                    : addressText(intl, reference, state.data.company.trading_address)}
                </dd>
              </Figures>
            </>
          ) : (
            <Muted>{intl.formatMessage(m.noOnboarding)}</Muted>
          )}
        </Card>
      ) : null}
    </Page>
  );
}

// ---- company-structure: directors and shareholders as a tree -----------------------------------------------------

const Tree = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(4)};
  ul {
    padding-left: ${({ theme }) => theme.space(5)};
    border-left: 2px solid ${({ theme }) => theme.colors.border};
  }
  li {
    margin: ${({ theme }) => `${theme.space(2)} 0`};
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

function StructureTree({ profile }: { profile: CompanyProfile }) {
  const intl = useIntl();
  const reference = useReference();
  const treeLabel = useId();
  return (
    <Tree aria-labelledby={treeLabel}>
      <li>
        <strong id={treeLabel}>{profile.company?.name ?? profile.merchant.name}</strong>
        <ul>
          <li>
            <strong>{intl.formatMessage(m.directors)}</strong>
            <ul>
              {(profile.directors?.directors ?? []).map((director, index) => (
                <li key={`${director.first_name}-${director.last_name}-${index}`}>
                  {intl.formatMessage(personName, {
                    first: director.first_name,
                    last: director.last_name,
                  })}
                  {director.is_legal_representative ? (
                    <small>{intl.formatMessage(m.legalRepresentative)}</small>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
          <li>
            <strong>{intl.formatMessage(m.shareholders)}</strong>
            <ul>
              {(profile.shareholders?.shareholders ?? []).map((holder, index) => (
                <li key={`${holder.name}-${index}`}>
                  {intl.formatMessage(ownership, {
                    name: holder.name,
                    share: formatShare(intl, percentageToBasisPoints(holder.percentage)),
                  })}
                  <small>
                    {[
                      intl.formatMessage(holder.type === 'company' ? m.companyHolder : m.individual),
                      itemName(intl, reference.countries, holder.country),
                      holder.has_control ? intl.formatMessage(m.control) : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </small>
                </li>
              ))}
            </ul>
          </li>
        </ul>
      </li>
    </Tree>
  );
}

/**
 * The tree of directors and shareholders as approved, and under it one reviewed change per kind
 * (machines/profileChange.machine.ts, kinds `directors` and `shareholders`), each with its own "Pending review".
 */
export function CompanyStructurePage(journeyProps: ReviewJourneyProps) {
  const intl = useIntl();
  const directors = useProfileChange('directors', journeyProps);
  const shareholders = useProfileChange('shareholders', journeyProps);
  return (
    <ProfileLoadGate journey={directors} title={m.companyStructure}>
      {() => (
        <ProfileLoadGate journey={shareholders} title={m.companyStructure}>
          {(profile) => (
            <Page>
              <h1>{intl.formatMessage(m.companyStructure)}</h1>
              <Muted>{intl.formatMessage(m.structureIntro)}</Muted>
              {profile.directors || profile.shareholders ? (
                <>
                  <Card>
                    <StructureTree profile={profile} />
                    <Muted>
                      {intl.formatMessage(profile.shareholders?.ubos_known ? m.ubosKnown : m.ubosUnknown)}
                    </Muted>
                    <Muted>{intl.formatMessage(m.structureReview)}</Muted>
                    <p>
                      <Link to="/profile/documents">{intl.formatMessage(m.documents)}</Link>
                    </p>
                  </Card>
                  <ReviewedCard
                    journey={directors}
                    title={m.directors}
                    editLabel={m.editDirectors}
                    hasData={(current) => current.directors !== null}
                    editor={DirectorsEditor}
                    note={null}
                  />
                  <ReviewedCard
                    journey={shareholders}
                    title={m.shareholders}
                    editLabel={m.editShareholders}
                    hasData={(current) => current.shareholders !== null}
                    editor={ShareholdersEditor}
                    note={null}
                  />
                </>
              ) : (
                <Card>
                  <Muted>{intl.formatMessage(m.noOnboarding)}</Muted>
                </Card>
              )}
            </Page>
          )}
        </ProfileLoadGate>
      )}
    </ProfileLoadGate>
  );
}

// ---- documents: latest first, upload more, download one's own -------------------------------------------------

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
`;

function UploadForm({ onUploaded }: { onUploaded: () => void }) {
  const intl = useIntl();
  const services = useProfileServices();
  const [type, setType] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const options = documentTypes.map((code) => ({ code, name: documentTypeName(intl, code) }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || !type) {
      setFailure(intl.formatMessage(m.chooseFile));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      await services.uploadDocument(type, file);
      notify('success', intl.formatMessage(m.uploaded));
      setFile(null);
      setType('');
      if (input.current) input.current.value = '';
      onUploaded();
    } catch (thrown) {
      setFailure(failureText(intl, toApiFailure(thrown), intl.formatMessage(m.uploadFailed)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      {failure ? <Alert role="alert">{failure}</Alert> : null}
      <Select
        label={intl.formatMessage(m.documentType)}
        value={type}
        options={options}
        onChange={setType}
        disabled={busy}
      />
      <p>
        <label htmlFor={fileId}>
          <strong>{intl.formatMessage(m.file)}</strong>
        </label>
        <br />
        <input
          id={fileId}
          ref={input}
          type="file"
          accept="application/pdf,image/jpeg,image/png"
          aria-describedby={`${fileId}-hint`}
          disabled={busy}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </p>
      <Muted id={`${fileId}-hint`}>{intl.formatMessage(m.fileHint)}</Muted>
      <Button type="submit" busy={busy} disabled={busy}>
        {intl.formatMessage(m.upload)}
      </Button>
    </form>
  );
}

export function DocumentsPage() {
  const intl = useIntl();
  const services = useProfileServices();
  const load = useCallback((signal: AbortSignal) => services.latestDocuments(signal), [services]);
  const { state, reload } = useLoad('profile-documents', load);
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const profile = useProfile();
  const editable = profile.state.status === 'loaded' && profile.state.data.editable;

  const download = async (document: OnboardingDocument) => {
    setBusy(document.id);
    setFailure(null);
    try {
      saveFile(await services.downloadDocument(document.id), document.file_name);
    } catch (thrown) {
      const cause = toApiFailure(thrown);
      setFailure(intl.formatMessage(cause.kind === 'network' ? errorMessages.network : m.downloadFailed));
    } finally {
      setBusy(null);
    }
  };
  const headingId = useId();
  return (
    <Page>
      <h1>{intl.formatMessage(m.documents)}</h1>
      <Muted>{intl.formatMessage(m.documentsIntro)}</Muted>
      {state.status === 'loading' ? <PageSpinner /> : null}
      {state.status === 'failed' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      {state.status === 'loaded' ? (
        <Card aria-labelledby={headingId}>
          <h2 id={headingId}>{intl.formatMessage(m.documents)}</h2>
          {failure ? <Alert role="alert">{failure}</Alert> : null}
          {state.data.length === 0 ? (
            <Muted>{intl.formatMessage(m.noDocuments)}</Muted>
          ) : (
            <Table aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.fileName)}</th>
                  <th scope="col">{intl.formatMessage(m.documentType)}</th>
                  <th scope="col">{intl.formatMessage(m.uploadedAt)}</th>
                  <th scope="col">{intl.formatMessage(m.fileSize)}</th>
                  <th scope="col">{intl.formatMessage(m.download)}</th>
                </tr>
              </thead>
              <tbody>
                {state.data.map((document) => (
                  <tr key={document.id}>
                    <th scope="row">{document.file_name}</th>
                    <td>{documentTypeName(intl, document.type)}</td>
                    <td>{bankDateText(intl, document.uploaded_at)}</td>
                    <td>
                      {intl.formatNumber(document.size / 1024, {
                        style: 'unit',
                        unit: 'kilobyte',
                        maximumFractionDigits: 0,
                      })}
                    </td>
                    <td>
                      <Button
                        variant="secondary"
                        aria-label={intl.formatMessage(downloadLabel, { name: document.file_name })}
                        busy={busy === document.id}
                        disabled={busy !== null}
                        onClick={() => void download(document)}
                      >
                        {intl.formatMessage(m.download)}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </Card>
      ) : null}
      {editable ? (
        <Card>
          <Section title={intl.formatMessage(m.uploadTitle)}>
            <UploadForm onUploaded={reload} />
          </Section>
        </Card>
      ) : null}
    </Page>
  );
}

// ---- the logo, on company-information ------------------------------------------------------------------------------

const LogoImage = styled.img`
  max-width: 160px;
  max-height: 160px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  background: ${({ theme }) => theme.colors.surface};
`;

/** What the logo may be (server/profile/documents.ts reads the type from the bytes) and the upload limit's default. */
const logoRules: FileRules = {
  types: ['image/png', 'image/jpeg', 'image/webp'],
  maxBytes: defaultUploadLimitBytes,
};
/** Refusals about the file itself: said beside the file field in the words of every file field. */
const logoFileErrors: ReadonlySet<string> = new Set([
  'unsupported_file_type',
  'invalid_image',
  'payload_too_large',
  'validation_failed',
  'network',
]);

export function LogoSection({ profile }: { profile: CompanyProfile }) {
  const intl = useIntl();
  const services = useProfileServices();
  const [url, setUrl] = useState<string | null>(null);
  const [version, setVersion] = useState(profile.logo?.id ?? 'none');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);

  useEffect(() => {
    if (version === 'none') return undefined;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    services.loadLogo(controller.signal).then(
      (blob) => {
        if (!blob) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [services, version]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setFailure(intl.formatMessage(m.chooseFile));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const logo = await services.uploadLogo(file);
      setVersion(logo.id);
      notify('success', intl.formatMessage(m.logoUploaded));
    } catch (thrown) {
      const cause = toApiFailure(thrown);
      const code = cause.kind === 'network' ? 'network' : cause.code;
      setFailure(
        logoFileErrors.has(code)
          ? fileErrorText(intl, cause.kind === 'http' ? cause : { code }, logoRules)
          : failureText(intl, cause, intl.formatMessage(m.uploadFailed)),
      );
    } finally {
      setBusy(false);
    }
  };
  const name = profile.company?.commercial_name || profile.merchant.name;
  return (
    <Card>
      <Section title={intl.formatMessage(m.logo)}>
        {url ? (
          <LogoImage src={url} alt={intl.formatMessage(logoAlt, { name })} />
        ) : (
          <Muted>{intl.formatMessage(m.noLogo)}</Muted>
        )}
        {profile.editable ? (
          <form onSubmit={(event) => void submit(event)} noValidate>
            <FileDrop
              label={intl.formatMessage(m.logoFile)}
              rules={logoRules}
              hint={intl.formatMessage(m.logoHint)}
              disabled={busy}
              file={file}
              error={failure}
              onFile={(chosen) => {
                setFile(chosen);
                setFailure(null);
              }}
            />
            <Row>
              <Button type="submit" variant="secondary" busy={busy} disabled={busy}>
                {intl.formatMessage(m.uploadLogo)}
              </Button>
            </Row>
          </form>
        ) : null}
      </Section>
    </Card>
  );
}

// ---- representative: job title and phone, saved at once ------------------------------------------------------------

export function RepresentativeContactForm({ profile }: { profile: CompanyProfile }) {
  const intl = useIntl();
  const services = useProfileServices();
  const representative = profile.representative;
  const [values, setValues] = useState({
    job_title: representative?.job_title ?? '',
    phone: representative?.phone ?? '',
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  if (!representative) return null;
  const fields = fieldsOf(failure);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await services.updateRepresentative(values);
      notify('success', intl.formatMessage(m.saved));
    } catch (thrown) {
      setFailure(toApiFailure(thrown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card>
      <Section title={intl.formatMessage(m.contactDetails)}>
        <form onSubmit={(event) => void submit(event)} noValidate>
          {failure ? (
            <Alert role="alert">{failureText(intl, failure, intl.formatMessage(m.saveFailed))}</Alert>
          ) : null}
          <TextField
            label={intl.formatMessage(m.jobTitle)}
            autoComplete="organization-title"
            value={values.job_title}
            disabled={busy || !profile.editable}
            error={fields.job_title ? translateIssue(intl, fields.job_title) : null}
            onChange={(event) => setValues((old) => ({ ...old, job_title: event.target.value }))}
          />
          <TextField
            label={intl.formatMessage(m.phone)}
            type="tel"
            autoComplete="tel"
            value={values.phone}
            disabled={busy || !profile.editable}
            error={fields.phone ? translateIssue(intl, fields.phone) : null}
            onChange={(event) => setValues((old) => ({ ...old, phone: event.target.value }))}
          />
          {profile.editable ? (
            <Button type="submit" busy={busy} disabled={busy}>
              {intl.formatMessage(m.save)}
            </Button>
          ) : null}
        </form>
      </Section>
    </Card>
  );
}

// ---- about-us: the bank's own details ------------------------------------------------------------------------------

const supportEmail = 'support@tameio.test';

export function AboutUsPage() {
  const intl = useIntl();
  return (
    <Page>
      <h1>{intl.formatMessage(m.aboutTitle)}</h1>
      <Card>
        <p>{intl.formatMessage(m.aboutBody)}</p>
        <p>{intl.formatMessage(m.aboutSafety)}</p>
      </Card>
      <Card>
        <Section title={intl.formatMessage(m.aboutContactTitle)}>
          <p>{intl.formatMessage(m.aboutHours)}</p>
          <Figures>
            <dt>{intl.formatMessage(m.aboutEmail)}</dt>
            <dd>
              <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
            </dd>
            <dt>{intl.formatMessage(m.aboutAddress)}</dt>
            <dd>{intl.formatMessage(m.aboutAddressValue)}</dd>
          </Figures>
          <p>
            <Link to="/terms-of-use">{intl.formatMessage(m.aboutLegal)}</Link>
          </p>
        </Section>
      </Card>
    </Page>
  );
}

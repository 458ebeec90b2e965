import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import styled from 'styled-components';
import { selectUser } from '../../../machines/session.machine';
import type { LoginMfaMethod } from '../../../schemas/auth.schema';
import type { ActiveSession, SecuritySettings } from '../../../schemas/settings.schema';
import { api } from '../../api/client';
import { useSessionActor } from '../../app/session';
import { settingsService, type SettingsService } from '../../app/settingsActors';
import { useLocale } from '../../i18n/LocaleProvider';
import { isLocale, locales, type Locale } from '../../i18n/locale';
import { Fieldset, LinkRow, PlainList } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page, Row, Stack } from '../../ui/Layout';
import { notify } from '../../ui/notify';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { useLoad } from '../../app/useLoad';
import { AddAuthenticatorJourney } from './AddAuthenticatorJourney';
import { RemoveMethodJourney } from './RemoveMethodJourney';
import { ChangePasswordJourney } from './ChangePasswordJourney';
import { methodName, settingsText as m } from './settingsMessages';
import { isSettingsPage, searchSettings, type SettingsPage } from './settingsSearch';

const languageNames: Record<Locale, string> = { en: 'English', el: 'Ελληνικά' };

const Item = styled.li`
  padding: ${({ theme }) => `${theme.space(3)} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  justify-content: space-between;
`;

const Choice = styled.label`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  align-items: center;
  padding: ${({ theme }) => `${theme.space(1)} 0`};
`;

const Badge = styled.span`
  font-size: 0.875rem;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.primary};
  margin-left: ${({ theme }) => theme.space(2)};
`;

/** SPEC §7 "searchable settings": the box filters the settings entries, each a link to where it lives. */
function SettingsSearch() {
  const intl = useIntl();
  const [query, setQuery] = useState('');
  const found = searchSettings(intl, query);
  return (
    <div role="search">
      <TextField
        label={intl.formatMessage(m.searchLabel)}
        name="settings_search"
        type="search"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {query.trim() ? (
        found.length ? (
          <PlainList aria-live="polite">
            {found.map((entry) => (
              <li key={entry.id}>
                <Link to={`/settings/${entry.page}#${entry.anchor}`}>{entry.title}</Link>
              </li>
            ))}
          </PlainList>
        ) : (
          <Muted aria-live="polite">{intl.formatMessage(m.searchNone, { query: query.trim() })}</Muted>
        )
      ) : null}
    </div>
  );
}

function LanguagePage({ service, initial }: { service: SettingsService; initial: Locale }) {
  const intl = useIntl();
  const { setLocale } = useLocale();
  const [choice, setChoice] = useState<Locale>(initial);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // Counts saves: the toast is said after the render in the language just saved, not in the closure's old one.
  const [saves, setSaves] = useState(0);
  const toasted = useRef(0);
  const name = useId();
  useEffect(() => {
    // Once per save: a later change of language alone must not toast again.
    if (saves === toasted.current) return;
    toasted.current = saves;
    notify('success', intl.formatMessage(m.saved));
  }, [saves, intl]);
  const save = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const saved = await service.saveLanguage(choice);
      await setLocale(saved);
      setSaves((count) => count + 1);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section id="language" aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`}>{intl.formatMessage(m.languagePage)}</h2>
      <Muted>{intl.formatMessage(m.languageIntro)}</Muted>
      {failed ? <Alert role="alert">{intl.formatMessage(m.actionFailed)}</Alert> : null}
      <Fieldset>
        <legend>{intl.formatMessage(m.languageLegend)}</legend>
        {locales.map((locale) => (
          <Choice key={locale} lang={locale}>
            <input
              type="radio"
              name={name}
              value={locale}
              checked={choice === locale}
              onChange={(event) => {
                if (isLocale(event.target.value)) setChoice(event.target.value);
              }}
            />
            {languageNames[locale]}
          </Choice>
        ))}
      </Fieldset>
      <Row>
        <Button busy={busy} disabled={busy} onClick={() => void save()}>
          {intl.formatMessage(m.languageSave)}
        </Button>
      </Row>
    </section>
  );
}

function MethodsSection({
  service,
  security,
  onChange,
  onAdd,
  onRemove,
}: {
  service: SettingsService;
  security: SecuritySettings;
  onChange: (next: SecuritySettings) => void;
  onAdd: () => void;
  /** Removing needs a fresh code, so it is a journey of its own (RemoveMethodJourney). */
  onRemove: (method: LoginMfaMethod) => void;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const act = async (change: () => Promise<SecuritySettings>) => {
    setBusy(true);
    setFailed(false);
    try {
      onChange(await change());
      notify('success', intl.formatMessage(m.saved));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const only = security.methods.length === 1;
  return (
    <section id="mfa">
      <h2>{intl.formatMessage(m.mfaHeading)}</h2>
      <Muted>{intl.formatMessage(m.mfaIntro)}</Muted>
      {failed ? <Alert role="alert">{intl.formatMessage(m.actionFailed)}</Alert> : null}
      <PlainList>
        {security.methods.map((one) => {
          const label = methodName(intl, one.method);
          return (
            <Item key={one.method}>
              <span>
                {one.destination
                  ? intl.formatMessage(m.methodTo, { method: label, destination: one.destination })
                  : label}
                {one.is_default ? <Badge>{intl.formatMessage(m.mfaDefault)}</Badge> : null}
              </span>
              <Row>
                {one.is_default ? null : (
                  <Button
                    variant="secondary"
                    disabled={busy}
                    onClick={() => void act(() => service.setDefault(one.method))}
                  >
                    {intl.formatMessage(m.makeDefault, { method: label })}
                  </Button>
                )}
                <Button variant="quiet" disabled={busy || only} onClick={() => onRemove(one.method)}>
                  {intl.formatMessage(m.remove, { method: label })}
                </Button>
              </Row>
            </Item>
          );
        })}
      </PlainList>
      {only ? <Muted>{intl.formatMessage(m.lastMethod)}</Muted> : null}
      <Stack>
        {security.can_add.map((method: LoginMfaMethod) =>
          method === 'totp' ? (
            <Button key={method} disabled={busy} onClick={onAdd}>
              {intl.formatMessage(m.addAuthenticator)}
            </Button>
          ) : (
            <Button
              key={method}
              variant="secondary"
              disabled={busy}
              onClick={() => void act(() => service.enable(method))}
            >
              {intl.formatMessage(m.turnOn, { method: methodName(intl, method) })}
            </Button>
          ),
        )}
      </Stack>
    </section>
  );
}

function SessionsSection({ service }: { service: SettingsService }) {
  const intl = useIntl();
  const load = useCallback((signal: AbortSignal) => service.sessions(signal), [service]);
  const { state, reload } = useLoad<ActiveSession[]>('sessions', load);
  const [busy, setBusy] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const signOut = async (id: string) => {
    setBusy(id);
    setFailed(false);
    try {
      await service.revokeSession(id);
      notify('success', intl.formatMessage(m.sessionSignedOut));
      reload();
    } catch {
      setFailed(true);
    } finally {
      setBusy(null);
    }
  };
  const when = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section id="sessions">
      <h2>{intl.formatMessage(m.sessionsHeading)}</h2>
      <Muted>{intl.formatMessage(m.sessionsIntro)}</Muted>
      {failed ? <Alert role="alert">{intl.formatMessage(m.actionFailed)}</Alert> : null}
      {state.status === 'loading' ? <PageSpinner /> : null}
      {state.status === 'failed' ? (
        <>
          <Alert role="alert">{intl.formatMessage(m.loadFailed)}</Alert>
          <Button onClick={reload}>{intl.formatMessage(m.retry)}</Button>
        </>
      ) : null}
      {state.status === 'loaded' ? (
        <PlainList>
          {state.data.map((session) => (
            <Item key={session.id}>
              <span>
                <strong>{session.user_agent ?? intl.formatMessage(m.unknownDevice)}</strong>
                {session.current ? <Badge>{intl.formatMessage(m.thisDevice)}</Badge> : null}
                <br />
                <Muted as="span">
                  {intl.formatList(
                    [
                      intl.formatMessage(m.sessionStarted, { date: when(session.created_at) }),
                      intl.formatMessage(m.sessionActive, { date: when(session.last_active_at) }),
                      ...(session.ip ? [intl.formatMessage(m.sessionFrom, { ip: session.ip })] : []),
                    ],
                    { type: 'unit', style: 'narrow' },
                  )}
                </Muted>
              </span>
              {session.current ? null : (
                <Button
                  variant="secondary"
                  busy={busy === session.id}
                  disabled={busy !== null}
                  onClick={() => void signOut(session.id)}
                >
                  {intl.formatMessage(m.signOutSession)}
                </Button>
              )}
            </Item>
          ))}
        </PlainList>
      ) : null}
    </section>
  );
}

type Journey = 'password' | 'authenticator' | { remove: LoginMfaMethod } | null;

/**
 * The security page brings its own h1 and search, except while a journey runs: each journey step has its own heading,
 * so the page has one h1 at a time.
 */
function SecurityPage({
  service,
  initial,
  title,
}: {
  service: SettingsService;
  initial: SecuritySettings;
  title: string;
}) {
  const intl = useIntl();
  const session = useSessionActor();
  const user = useSelector(session, selectUser);
  const [security, setSecurity] = useState(initial);
  const [journey, setJourney] = useState<Journey>(null);
  const onAdded = useCallback((next: SecuritySettings) => setSecurity(next), []);
  const onRemoveEnded = useCallback((next: SecuritySettings | null) => {
    if (next) setSecurity(next);
    setJourney(null);
  }, []);
  if (journey && typeof journey === 'object') {
    return <RemoveMethodJourney method={journey.remove} onEnded={onRemoveEnded} />;
  }
  if (journey) {
    return (
      <>
        {journey === 'password' ? (
          <ChangePasswordJourney email={user?.email} />
        ) : (
          <AddAuthenticatorJourney onAdded={onAdded} />
        )}
        <LinkRow>
          <Button variant="quiet" onClick={() => setJourney(null)}>
            {intl.formatMessage(m.backToSecurity)}
          </Button>
        </LinkRow>
      </>
    );
  }
  return (
    <>
      <h1>{title}</h1>
      <SettingsSearch />
      <section id="password">
        <h2>{intl.formatMessage(m.passwordHeading)}</h2>
        <Muted>{intl.formatMessage(m.passwordIntro)}</Muted>
        <Button onClick={() => setJourney('password')}>{intl.formatMessage(m.changePassword)}</Button>
      </section>
      <MethodsSection
        service={service}
        security={security}
        onChange={setSecurity}
        onAdd={() => setJourney('authenticator')}
        onRemove={(method) => setJourney({ remove: method })}
      />
      <SessionsSection service={service} />
    </>
  );
}

function PageNav({ page }: { page: SettingsPage | null }) {
  const intl = useIntl();
  return (
    <nav aria-label={intl.formatMessage(m.navLabel)}>
      <LinkRow>
        <Link to="/settings/language" aria-current={page === 'language' ? 'page' : undefined}>
          {intl.formatMessage(m.languagePage)}
        </Link>
        <Link to="/settings/security" aria-current={page === 'security' ? 'page' : undefined}>
          {intl.formatMessage(m.securityPage)}
        </Link>
      </LinkRow>
    </nav>
  );
}

export type SettingsScreenProps = { service?: SettingsService };

/** SPEC §2 /settings/:page?: language and security, with a search over the settings (SPEC §7). */
export function SettingsScreen({ service: given }: SettingsScreenProps) {
  const intl = useIntl();
  const params = useParams();
  const page = isSettingsPage(params['page']) ? params['page'] : null;
  const service = useMemo(() => given ?? settingsService(api), [given]);
  const load = useCallback((signal: AbortSignal) => service.load(signal), [service]);
  const { state, reload } = useLoad('settings', load);
  const title =
    page === 'language'
      ? intl.formatMessage(m.languagePage)
      : page === 'security'
        ? intl.formatMessage(m.securityPage)
        : intl.formatMessage(m.title);
  return (
    <Page $narrow>
      <Card>
        {page === 'security' ? null : <h1>{title}</h1>}
        {page === 'security' ? null : <SettingsSearch />}
        {page === null ? <PageNav page={page} /> : null}
        {state.status === 'loading' && page ? <PageSpinner /> : null}
        {state.status === 'failed' && page ? (
          <>
            <Alert role="alert">{intl.formatMessage(m.loadFailed)}</Alert>
            <Button onClick={reload}>{intl.formatMessage(m.retry)}</Button>
          </>
        ) : null}
        {state.status === 'loaded' && page === 'language' ? (
          <LanguagePage service={service} initial={state.data.language} />
        ) : null}
        {state.status === 'loaded' && page === 'security' ? (
          <SecurityPage service={service} initial={state.data.security} title={title} />
        ) : null}
        {page ? <PageNav page={page} /> : null}
      </Card>
    </Page>
  );
}

export default SettingsScreen;

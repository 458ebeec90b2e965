import { useCallback, useState, type FormEvent } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { toApiFailure } from '../../../machines/apiFailure';
import { staffRoles, type StaffRole } from '../../../schemas/permissions';
import { unwrap } from '../../api/client';
import { useBackOffice } from '../../app/backOfficeContext';
import { useLoad } from '../../app/useLoad';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { TextField } from '../../ui/TextField';
import { LoadFailure } from '../LoadFailure';
import { roleText } from './BackOfficeShell';
import { Parts } from './Parts';

const m = defineMessages({
  title: { id: 'backOffice.staff.title', defaultMessage: 'Staff accounts' },
  intro: {
    id: 'backOffice.staff.intro',
    defaultMessage:
      'A new staff member gets a first password and an authenticator secret, shown once here: hand them over in person.',
  },
  email: { id: 'backOffice.staff.email', defaultMessage: 'Work email' },
  name: { id: 'backOffice.staff.name', defaultMessage: 'Full name' },
  role: { id: 'backOffice.staff.role', defaultMessage: 'Role' },
  create: { id: 'backOffice.staff.create', defaultMessage: 'Create the account' },
  created: defineMessage<{ email: string; password: string; secret: string }>({
    id: 'backOffice.staff.created',
    defaultMessage:
      'Account created for {email}. First password: {password}. Authenticator secret: {secret}.',
  }),
  disable: { id: 'backOffice.staff.disable', defaultMessage: 'Disable' },
  disabled: { id: 'backOffice.staff.disabled', defaultMessage: 'disabled' },
  passkeys: defineMessage<{ count: number }>({
    id: 'backOffice.staff.passkeys',
    defaultMessage: '{count, plural, one {# passkey} other {# passkeys}}',
  }),
});

type Created = { email: string; password: string; secret: string };

/** Admins: every staff account, creating one (its first secrets shown once) and disabling one. */
export function StaffAccountsScreen() {
  const intl = useIntl();
  const { api } = useBackOffice();
  const [form, setForm] = useState({ email: '', name: '', role: 'reviewer' as StaffRole });
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [version, setVersion] = useState(0);
  const load = useCallback(
    (signal: AbortSignal) => unwrap(api.GET('/api/back-office/staff/', { signal })),
    [api],
  );
  const { state, reload } = useLoad(`staff:${version}`, load);

  const refused = (failure: unknown) => {
    const known = toApiFailure(failure);
    setFields(known.kind === 'http' ? (known.fields ?? {}) : {});
    setError(
      known.kind === 'http' && known.message
        ? known.message
        : intl.formatMessage(known.kind === 'network' ? errorMessages.network : errorMessages.unknown),
    );
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFields({});
    try {
      const made = await unwrap(api.POST('/api/back-office/staff/', { body: form }));
      setCreated({ email: made.staff.email, password: made.password, secret: made.totp_secret });
      setForm({ email: '', name: '', role: 'reviewer' });
      setVersion((v) => v + 1);
    } catch (failure) {
      refused(failure);
    }
  };

  const disable = async (id: string) => {
    try {
      await unwrap(api.POST('/api/back-office/staff/{id}/disable/', { params: { path: { id } } }));
      setVersion((v) => v + 1);
    } catch (failure) {
      refused(failure);
    }
  };

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} onRetry={reload} />;
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      {created ? (
        <Card role="status">
          {intl.formatMessage(m.created, {
            email: created.email,
            password: created.password,
            secret: created.secret,
          })}
        </Card>
      ) : null}
      {error ? <Alert role="alert">{error}</Alert> : null}
      <Card>
        <ul>
          {state.data.staff.map((member) => (
            <li key={member.id}>
              <Parts>
                <strong>{member.name}</strong>
                <span>{member.email}</span>
                <span>{intl.formatMessage(roleText[member.role])}</span>
                <span>{intl.formatMessage(m.passkeys, { count: member.passkeys })}</span>
                {member.status === 'disabled' ? <span>{intl.formatMessage(m.disabled)}</span> : null}
              </Parts>
              {member.status === 'enabled' ? (
                <Button variant="secondary" onClick={() => void disable(member.id)}>
                  {intl.formatMessage(m.disable)}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
      <Card>
        <form onSubmit={(event) => void create(event)} noValidate>
          <TextField
            label={intl.formatMessage(m.email)}
            type="email"
            value={form.email}
            error={fields.email ?? null}
            onChange={(event) => setForm({ ...form, email: event.target.value })}
          />
          <TextField
            label={intl.formatMessage(m.name)}
            value={form.name}
            error={fields.name ?? null}
            onChange={(event) => setForm({ ...form, name: event.target.value })}
          />
          <label>
            <span>{intl.formatMessage(m.role)}</span>
            <select
              value={form.role}
              onChange={(event) => setForm({ ...form, role: event.target.value as StaffRole })}
            >
              {staffRoles.map((role) => (
                <option key={role} value={role}>
                  {intl.formatMessage(roleText[role])}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit">{intl.formatMessage(m.create)}</Button>
        </form>
      </Card>
    </Page>
  );
}

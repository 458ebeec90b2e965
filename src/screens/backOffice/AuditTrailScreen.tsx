import { useCallback, useId, useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { auditActions, type AuditAction } from '../../../schemas/auditActions';
import type { StaffAuditTrailPage } from '../../../schemas/staffAuditTrail.schema';
import { unwrap } from '../../api/client';
import { useBackOffice } from '../../app/backOfficeContext';
import { useLoad } from '../../app/useLoad';
import { auditActionText } from '../../i18n/auditText';
import { AuditActionSelect } from '../../ui/AuditActionSelect';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';

const m = defineMessages({
  title: { id: 'backOffice.audit.title', defaultMessage: 'Audit trail' },
  intro: {
    id: 'backOffice.audit.intro',
    defaultMessage:
      'Every sensitive action of every merchant and every decision of the bank’s staff, newest first. Each entry carries the hash of the one before it.',
  },
  chainOk: {
    id: 'backOffice.audit.chainOk',
    defaultMessage: 'The chain verifies: no entry was changed or removed.',
  },
  chainBroken: {
    id: 'backOffice.audit.chainBroken',
    defaultMessage: 'The chain is broken: an entry was changed or removed. Tell the security officer now.',
  },
  realm: { id: 'backOffice.audit.realm', defaultMessage: 'Who acted' },
  anyRealm: { id: 'backOffice.audit.anyRealm', defaultMessage: 'Merchants and staff' },
  merchants: { id: 'backOffice.audit.merchants', defaultMessage: 'Merchants' },
  staff: { id: 'backOffice.audit.staff', defaultMessage: 'Bank staff' },
  action: { id: 'backOffice.audit.action', defaultMessage: 'Action' },
  anyAction: { id: 'backOffice.audit.anyAction', defaultMessage: 'All actions' },
  when: { id: 'backOffice.audit.when', defaultMessage: 'When' },
  who: { id: 'backOffice.audit.who', defaultMessage: 'Who' },
  what: { id: 'backOffice.audit.what', defaultMessage: 'What' },
  company: { id: 'backOffice.audit.company', defaultMessage: 'Company' },
  where: { id: 'backOffice.audit.where', defaultMessage: 'Address and device' },
  nobody: { id: 'backOffice.audit.nobody', defaultMessage: 'Unknown' },
  empty: { id: 'backOffice.audit.empty', defaultMessage: 'Nothing recorded for these filters.' },
  more: { id: 'backOffice.audit.more', defaultMessage: 'Show older entries' },
});

const chainCount = defineMessage<{ count: number; head: string }>({
  id: 'backOffice.audit.chainCount',
  defaultMessage: '{count, plural, one {# entry} other {# entries}}; last hash {head}',
});

const staffMark = defineMessage<{ name: string }>({
  id: 'backOffice.audit.staffMark',
  defaultMessage: '{name} (bank staff)',
});

type Realm = 'merchant' | 'staff';
type Filters = { realm?: Realm; action?: AuditAction };

/** Staff read the whole audit trail and see at once whether its chain verifies. */
export function AuditTrailScreen() {
  const intl = useIntl();
  const id = useId();
  const { api } = useBackOffice();
  const [filters, setFilters] = useState<Filters>({});
  const [older, setOlder] = useState<StaffAuditTrailPage['items']>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const key = JSON.stringify(filters);
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [page, chain] = await Promise.all([
        unwrap(
          api.GET('/api/back-office/audit-trail/', { params: { query: JSON.parse(key) as Filters }, signal }),
        ),
        unwrap(api.GET('/api/back-office/audit-trail/chain/', { signal })),
      ]);
      return { page, chain };
    },
    [api, key],
  );
  const { state, reload } = useLoad(key, load);
  const change = (next: Filters) => {
    setOlder([]);
    setCursor(null);
    setFilters(next);
  };
  const nextCursor =
    older.length > 0 ? cursor : state.status === 'loaded' ? state.data.page.next_cursor : null;
  const showOlder = async () => {
    if (!nextCursor) return;
    const page = await unwrap(
      api.GET('/api/back-office/audit-trail/', { params: { query: { ...filters, cursor: nextCursor } } }),
    );
    setOlder((items) => [...items, ...page.items]);
    setCursor(page.next_cursor);
  };

  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'failed') return <LoadFailure failure={state.failure} onRetry={reload} />;
  const { chain, page } = state.data;
  const items = [...page.items, ...older];
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      {chain.ok ? (
        <Card role="status">
          <p>{intl.formatMessage(m.chainOk)}</p>
          <Muted>{intl.formatMessage(chainCount, { count: chain.entries, head: chain.head ?? '' })}</Muted>
        </Card>
      ) : (
        <Alert role="alert">{intl.formatMessage(m.chainBroken)}</Alert>
      )}
      <Card>
        <label htmlFor={`${id}-realm`}>{intl.formatMessage(m.realm)}</label>
        <select
          id={`${id}-realm`}
          value={filters.realm ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            const { realm: _realm, ...rest } = filters;
            change(value === 'merchant' || value === 'staff' ? { ...rest, realm: value } : rest);
          }}
        >
          <option value="">{intl.formatMessage(m.anyRealm)}</option>
          <option value="merchant">{intl.formatMessage(m.merchants)}</option>
          <option value="staff">{intl.formatMessage(m.staff)}</option>
        </select>
        <AuditActionSelect
          id={`${id}-action`}
          label={intl.formatMessage(m.action)}
          anyLabel={intl.formatMessage(m.anyAction)}
          actions={auditActions}
          value={filters.action}
          onChange={(action) => {
            const { action: _action, ...rest } = filters;
            change(action ? { ...rest, action } : rest);
          }}
        />
      </Card>
      {items.length === 0 ? (
        <Muted>{intl.formatMessage(m.empty)}</Muted>
      ) : (
        <table>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.when)}</th>
              <th scope="col">{intl.formatMessage(m.who)}</th>
              <th scope="col">{intl.formatMessage(m.what)}</th>
              <th scope="col">{intl.formatMessage(m.company)}</th>
              <th scope="col">{intl.formatMessage(m.where)}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td>{intl.formatDate(entry.occurred_at, { dateStyle: 'medium', timeStyle: 'medium' })}</td>
                <td>
                  {entry.actor
                    ? entry.realm === 'staff'
                      ? intl.formatMessage(staffMark, { name: entry.actor.name })
                      : entry.actor.name
                    : intl.formatMessage(m.nobody)}
                </td>
                <td>{intl.formatMessage(auditActionText[entry.action])}</td>
                <td>{entry.merchant?.name ?? ''}</td>
                <td>{[entry.ip, entry.user_agent].filter(Boolean).join(' | ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {nextCursor ? (
        <Button type="button" onClick={() => void showOlder()}>
          {intl.formatMessage(m.more)}
        </Button>
      ) : null}
    </Page>
  );
}

import { useCallback, useId, useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import type { AuditAction } from '../../../schemas/auditActions';
import { merchantAuditActions, type AuditTrailPage } from '../../../schemas/auditTrail.schema';
import { api, failureFromResponse, unwrap, type ApiClient } from '../../api/client';
import { useLoad } from '../../app/useLoad';
import { auditActionText } from '../../i18n/auditText';
import { AuditActionSelect } from '../../ui/AuditActionSelect';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { saveFile } from '../../ui/saveFile';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';

const m = defineMessages({
  title: { id: 'activityLog.title', defaultMessage: 'Activity log' },
  intro: {
    id: 'activityLog.intro',
    defaultMessage:
      'Who signed in, changed a password or a second factor and more, with the address and device they used. Only you, the owner, can see this.',
  },
  action: { id: 'activityLog.filter.action', defaultMessage: 'Action' },
  anyAction: { id: 'activityLog.filter.anyAction', defaultMessage: 'All actions' },
  from: { id: 'activityLog.filter.from', defaultMessage: 'From' },
  to: { id: 'activityLog.filter.to', defaultMessage: 'To' },
  download: { id: 'activityLog.download', defaultMessage: 'Download CSV' },
  downloadFailed: {
    id: 'activityLog.downloadFailed',
    defaultMessage: 'The file could not be downloaded. Please try again.',
  },
  empty: { id: 'activityLog.empty', defaultMessage: 'Nothing recorded for these filters.' },
  more: { id: 'activityLog.more', defaultMessage: 'Show older entries' },
  when: { id: 'activityLog.column.when', defaultMessage: 'When' },
  who: { id: 'activityLog.column.who', defaultMessage: 'Who' },
  what: { id: 'activityLog.column.what', defaultMessage: 'What' },
  where: { id: 'activityLog.column.where', defaultMessage: 'Address and device' },
  nobody: { id: 'activityLog.nobody', defaultMessage: 'Unknown user' },
});

const actorText = defineMessage<Record<string, string>>({
  id: 'activityLog.actor',
  defaultMessage: '{name} ({email})',
});

export type ActivityFilters = { action?: AuditAction; from?: string; to?: string };

export type ActivityLogServices = {
  list: (filters: ActivityFilters & { cursor?: string }, signal?: AbortSignal) => Promise<AuditTrailPage>;
  downloadCsv: (filters: ActivityFilters) => Promise<{ blob: Blob; fileName: string }>;
};

export function activityLogServices(client: ApiClient): ActivityLogServices {
  return {
    list: (query, signal) =>
      unwrap(client.GET('/api/merchants/audit-trail/', { params: { query }, ...(signal ? { signal } : {}) })),
    downloadCsv: async (query) => {
      const result = await client.GET('/api/merchants/audit-trail/export/', {
        params: { query },
        parseAs: 'blob',
      });
      if (!result.response.ok || !result.data) throw failureFromResponse(result.response, result.error);
      const name = /filename="([^"]+)"/.exec(result.response.headers.get('content-disposition') ?? '')?.[1];
      return { blob: result.data, fileName: name ?? 'audit-trail.csv' };
    },
  };
}

/** One for the page's whole life: a new one each render would be a new read each render. */
const defaultServices = activityLogServices(api);

/** The owner's reading of the company's audit trail (issue 21), in settings: a filtered list and a CSV of it. */
export default function ActivityLogScreen({
  services = defaultServices,
}: {
  services?: ActivityLogServices;
}) {
  const intl = useIntl();
  const id = useId();
  const [filters, setFilters] = useState<ActivityFilters>({});
  const [older, setOlder] = useState<AuditTrailPage['items']>([]);
  const [cursor, setCursor] = useState<string | null | undefined>(undefined);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const key = JSON.stringify(filters);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` is the filters, which is what the read depends on
  const load = useCallback((signal: AbortSignal) => services.list(filters, signal), [key, services]);
  const { state, reload } = useLoad(key, load);

  const change = (next: ActivityFilters) => {
    setOlder([]);
    setCursor(undefined);
    setFilters(next);
  };
  const nextCursor = cursor === undefined && state.status === 'loaded' ? state.data.next_cursor : cursor;
  const showOlder = async () => {
    if (!nextCursor) return;
    const page = await services.list({ ...filters, cursor: nextCursor });
    setOlder((items) => [...items, ...page.items]);
    setCursor(page.next_cursor);
  };
  const download = async () => {
    setDownloadFailed(false);
    try {
      const file = await services.downloadCsv(filters);
      saveFile(file.blob, file.fileName);
    } catch {
      setDownloadFailed(true);
    }
  };
  const items = state.status === 'loaded' ? [...state.data.items, ...older] : [];

  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Card>
        <AuditActionSelect
          id={`${id}-action`}
          label={intl.formatMessage(m.action)}
          anyLabel={intl.formatMessage(m.anyAction)}
          actions={merchantAuditActions}
          value={filters.action}
          onChange={(action) => {
            const { action: _action, ...rest } = filters;
            change(action ? { ...rest, action } : rest);
          }}
        />
        {(['from', 'to'] as const).map((bound) => (
          <span key={bound}>
            <label htmlFor={`${id}-${bound}`}>{intl.formatMessage(m[bound])}</label>
            <input
              id={`${id}-${bound}`}
              type="date"
              value={filters[bound] ?? ''}
              onChange={(event) => {
                const { [bound]: _old, ...rest } = filters;
                change(event.target.value ? { ...rest, [bound]: event.target.value } : rest);
              }}
            />
          </span>
        ))}
        <Button type="button" onClick={() => void download()}>
          {intl.formatMessage(m.download)}
        </Button>
        {downloadFailed ? <Alert role="alert">{intl.formatMessage(m.downloadFailed)}</Alert> : null}
      </Card>
      {state.status === 'loading' ? <PageSpinner /> : null}
      {state.status === 'failed' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      {state.status === 'loaded' && items.length === 0 ? <Muted>{intl.formatMessage(m.empty)}</Muted> : null}
      {items.length > 0 ? (
        <table>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.when)}</th>
              <th scope="col">{intl.formatMessage(m.who)}</th>
              <th scope="col">{intl.formatMessage(m.what)}</th>
              <th scope="col">{intl.formatMessage(m.where)}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((entry) => (
              <tr key={entry.id}>
                <td>{intl.formatDate(entry.occurred_at, { dateStyle: 'medium', timeStyle: 'short' })}</td>
                <td>
                  {entry.actor
                    ? intl.formatMessage(actorText, { name: entry.actor.name, email: entry.actor.email })
                    : intl.formatMessage(m.nobody)}
                </td>
                <td>{intl.formatMessage(auditActionText[entry.action])}</td>
                <td>{[entry.ip, entry.user_agent].filter(Boolean).join(' | ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {nextCursor ? (
        <Button type="button" onClick={() => void showOlder()}>
          {intl.formatMessage(m.more)}
        </Button>
      ) : null}
    </Page>
  );
}

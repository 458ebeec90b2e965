import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import { Link } from 'react-router';
import styled from 'styled-components';
import { toApiFailure } from '../../../machines/apiFailure';
import type { Invoice, Plan, PlansResponse } from '../../../schemas/plans.schema';
import { api } from '../../api/client';
import { billingServices, type BillingServices } from '../../app/planActors';
import { errorMessages } from '../../i18n/errorMessages';
import { bankDateText } from '../../i18n/formatDate';
import { Amount } from '../../ui/Amount';
import { quoteLineText } from '../../i18n/planText';
import { LinkRow } from '../../ui/Blocks';
import { Button } from '../../ui/Button';
import { Alert, Card, Muted, Page } from '../../ui/Layout';
import { PageSpinner } from '../../ui/Spinner';
import { LoadFailure } from '../LoadFailure';
import { useLoad } from '../../app/useLoad';
import { saveFile } from '../../ui/saveFile';

const m = {
  ...defineMessages({
    title: { id: 'billing.title', defaultMessage: 'Billing history' },
    intro: {
      id: 'billing.intro',
      defaultMessage: 'Every charge for your plan, with its invoice. Amounts include VAT.',
    },
    invoices: { id: 'billing.invoices', defaultMessage: 'Invoices' },
    empty: {
      id: 'billing.empty',
      defaultMessage: 'No invoices yet. Each charge for a paid plan appears here with its invoice.',
    },
    number: { id: 'billing.column.number', defaultMessage: 'Number' },
    date: { id: 'billing.column.date', defaultMessage: 'Date' },
    description: { id: 'billing.column.description', defaultMessage: 'Description' },
    total: { id: 'billing.column.total', defaultMessage: 'Total' },
    vat: { id: 'billing.column.vat', defaultMessage: 'VAT' },
    status: { id: 'billing.column.status', defaultMessage: 'Status' },
    invoice: { id: 'billing.column.invoice', defaultMessage: 'Invoice' },
    paid: { id: 'billing.status.paid', defaultMessage: 'Paid' },
    failed: { id: 'billing.status.failed', defaultMessage: 'Failed' },
    downloadPdf: { id: 'billing.download', defaultMessage: 'Download PDF' },
    preparing: { id: 'billing.preparing', defaultMessage: 'Preparing the file…' },
    downloadFailed: {
      id: 'billing.downloadFailed',
      defaultMessage: 'The invoice could not be downloaded. Please try again.',
    },
    plans: { id: 'billing.link.plans', defaultMessage: 'Plans' },
    cancel: { id: 'billing.link.cancel', defaultMessage: 'Cancel subscription' },
    delete: { id: 'billing.link.delete', defaultMessage: 'Delete account' },
  }),
  downloadLabel: defineMessage<Record<string, string>>({
    id: 'billing.downloadLabel',
    defaultMessage: 'Download PDF of invoice {number}',
  }),
  period: defineMessage<Record<string, string>>({
    id: 'billing.period',
    defaultMessage: 'For {start} to {end}',
  }),
};

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: ${({ theme }) => theme.space(2)};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  th {
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
  }
  td.amount {
    white-space: nowrap;
  }
  small {
    display: block;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
`;

/** What an invoice was for, in the reader's language: its lines (the server's own words when it has none). */
export function invoiceDescription(intl: IntlShape, invoice: Invoice, plans: Plan[]): string {
  const lines = invoice.lines.filter((line) => line.kind !== 'proration_credit');
  if (!lines.length) return invoice.description;
  return intl.formatList(
    lines.map((line) => quoteLineText(intl, line, plans)),
    { type: 'conjunction' },
  );
}

function Invoices({
  invoices,
  plans,
  services,
}: {
  invoices: Invoice[];
  plans: PlansResponse;
  services: BillingServices;
}) {
  const intl = useIntl();
  const headingId = useId();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const download = async (invoice: Invoice) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(invoice.id);
    setError(null);
    try {
      const lang = intl.locale.toLowerCase().startsWith('el') ? 'el' : 'en';
      const file = await services.downloadInvoice(
        { id: invoice.id, number: invoice.number, lang },
        current.signal,
      );
      if (current.signal.aborted) return;
      saveFile(file.blob, file.fileName);
    } catch (thrown) {
      if (current.signal.aborted) return;
      const failure = toApiFailure(thrown);
      setError(intl.formatMessage(failure.kind === 'network' ? errorMessages.network : m.downloadFailed));
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setBusy(null);
      }
    }
  };

  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.invoices)}</h2>
      {error ? <Alert role="alert">{error}</Alert> : null}
      {invoices.length === 0 ? (
        <Muted>{intl.formatMessage(m.empty)}</Muted>
      ) : (
        <Scroll>
          <Table aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.number)}</th>
                <th scope="col">{intl.formatMessage(m.date)}</th>
                <th scope="col">{intl.formatMessage(m.description)}</th>
                <th scope="col">{intl.formatMessage(m.total)}</th>
                <th scope="col">{intl.formatMessage(m.vat)}</th>
                <th scope="col">{intl.formatMessage(m.status)}</th>
                <th scope="col">{intl.formatMessage(m.invoice)}</th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <th scope="row">{invoice.number}</th>
                  <td>{bankDateText(intl, invoice.issued_at)}</td>
                  <td>
                    {invoiceDescription(intl, invoice, plans.items)}
                    {invoice.period_start && invoice.period_end ? (
                      <small>
                        {intl.formatMessage(m.period, {
                          start: bankDateText(intl, invoice.period_start),
                          end: bankDateText(intl, invoice.period_end),
                        })}
                      </small>
                    ) : null}
                  </td>
                  <td className="amount">
                    <Amount money={invoice.total} />
                  </td>
                  <td className="amount">
                    <Amount money={invoice.vat} />
                  </td>
                  <td>{intl.formatMessage(invoice.status === 'paid' ? m.paid : m.failed)}</td>
                  <td>
                    <Button
                      variant="secondary"
                      aria-label={intl.formatMessage(m.downloadLabel, { number: invoice.number })}
                      busy={busy === invoice.id}
                      disabled={busy !== null && busy !== invoice.id}
                      onClick={() => void download(invoice)}
                    >
                      {intl.formatMessage(busy === invoice.id ? m.preparing : m.downloadPdf)}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </Scroll>
      )}
    </Card>
  );
}

const defaultServices = billingServices(api);

/**
 * SPEC §2 /profile/billing (the billing history of SPEC §7 "profile"): every invoice with its number, date, what it
 * was for, total, VAT and status, and its PDF, downloaded through the API client with the bearer token.
 */
export function BillingScreen({ services = defaultServices }: { services?: BillingServices }) {
  const intl = useIntl();
  const load = useCallback((signal: AbortSignal) => services.loadBilling(signal), [services]);
  const { state, reload } = useLoad('billing', load);
  const subscription = state.status === 'loaded' ? state.data.plans.subscription : null;
  return (
    <Page>
      <h1>{intl.formatMessage(m.title)}</h1>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      {state.status === 'loading' ? <PageSpinner /> : null}
      {state.status === 'failed' ? <LoadFailure failure={state.failure} onRetry={reload} /> : null}
      {state.status === 'loaded' ? (
        <Invoices invoices={state.data.invoices.items} plans={state.data.plans} services={services} />
      ) : null}
      <LinkRow>
        <Link to="/plans">{intl.formatMessage(m.plans)}</Link>
        {subscription?.period && !subscription.cancel_at_period_end ? (
          <Link to="/account/cancellation">{intl.formatMessage(m.cancel)}</Link>
        ) : null}
        <Link to="/account/deletion">{intl.formatMessage(m.delete)}</Link>
      </LinkRow>
    </Page>
  );
}

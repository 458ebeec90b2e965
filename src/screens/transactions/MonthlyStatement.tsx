import { useId, useState } from 'react';
import { defineMessage, defineMessages, useIntl } from 'react-intl';
import { currencyCodes } from '../../../schemas/accounts.schema';
import { statementFormats, type StatementFormat } from '../../../schemas/statements.schema';
import type { StatementServices } from '../../app/statementActors';
import { calendarMonthText } from '../../i18n/formatCalendar';
import { bankTimeZone } from '../../i18n/formatDate';
import { Button } from '../../ui/Button';
import { Card, Muted, Row } from '../../ui/Layout';
import { defaultStatementServices, statementLocaleOf } from './ExportButtons';
import { OptionSelectField } from '../../ui/SelectField';
import { DownloadStatus, useStatementDownload } from './useStatementDownload';

const m = defineMessages({
  title: { id: 'statements.monthly.title', defaultMessage: 'Monthly statement' },
  intro: {
    id: 'statements.monthly.intro',
    defaultMessage: 'One calendar month of one account, with its opening and closing balances.',
  },
  month: { id: 'statements.monthly.month', defaultMessage: 'Statement month' },
  account: { id: 'statements.monthly.account', defaultMessage: 'Statement account' },
  csv: { id: 'statements.monthly.csv', defaultMessage: 'Monthly statement as CSV' },
  xlsx: { id: 'statements.monthly.xlsx', defaultMessage: 'Monthly statement as Excel' },
  pdf: { id: 'statements.monthly.pdf', defaultMessage: 'Monthly statement as PDF' },
  preparing: { id: 'statements.monthly.preparing', defaultMessage: 'Preparing the statement…' },
  group: { id: 'statements.monthly.group', defaultMessage: 'Download the monthly statement' },
});

const fileLabel = defineMessage<{ month: string; currency: string; format: string }>({
  id: 'statements.monthly.file',
  defaultMessage: 'the {currency} statement of {month} ({format})',
});

const formatNames: Record<StatementFormat, string> = { csv: 'CSV', xlsx: 'Excel', pdf: 'PDF' };

/** The current month and the twelve before it on the bank's calendar, newest first, as YYYY-MM. */
export function recentMonths(now: number = Date.now(), count = 13): string[] {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: bankTimeZone,
    year: 'numeric',
    month: '2-digit',
  })
    .format(now)
    .split('-')
    .map(Number);
  const months: string[] = [];
  for (let back = 0; back < count; back++) {
    const index = (year ?? 2026) * 12 + ((month ?? 1) - 1) - back;
    months.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return months;
}

/**
 * The monthly statement (SPEC §7 "statement export (excel, pdf)"): a month and an account, then CSV, Excel
 * or PDF, with progress and "Cancel download" like the list's export.
 */
export function MonthlyStatement({ services = defaultStatementServices }: { services?: StatementServices }) {
  const intl = useIntl();
  const headingId = useId();
  const months = recentMonths();
  // A finished month by default: last month.
  const [month, setMonth] = useState(months[1] ?? months[0] ?? '');
  const [account, setAccount] = useState((currencyCodes[0] ?? 'EUR').toLowerCase());
  const { active, outcome, start, cancel } = useStatementDownload(services, {
    labelOf: (request) =>
      intl.formatMessage(fileLabel, {
        month: calendarMonthText(intl, request.kind === 'monthly' ? request.month : month),
        currency: (request.kind === 'monthly' ? (request.accountType ?? account) : account).toUpperCase(),
        format: formatNames[request.format],
      }),
  });
  const busy = active?.key ?? null;
  const download = (format: StatementFormat) =>
    start({ kind: 'monthly', format, locale: statementLocaleOf(intl.locale), month, accountType: account });
  return (
    <Card aria-labelledby={headingId}>
      <h2 id={headingId}>{intl.formatMessage(m.title)}</h2>
      <Muted>{intl.formatMessage(m.intro)}</Muted>
      <Row>
        <OptionSelectField
          label={intl.formatMessage(m.month)}
          name="statement_month"
          value={month}
          onChange={setMonth}
          options={months.map((value) => ({ value, label: calendarMonthText(intl, value) }))}
        />
        <OptionSelectField
          label={intl.formatMessage(m.account)}
          name="statement_account"
          value={account}
          onChange={setAccount}
          options={currencyCodes.map((code) => ({ value: code.toLowerCase(), label: code }))}
        />
      </Row>
      <Row role="group" aria-label={intl.formatMessage(m.group)}>
        {statementFormats.map((format) => (
          <Button
            key={format}
            variant="secondary"
            busy={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => download(format)}
          >
            {busy === format ? intl.formatMessage(m.preparing) : intl.formatMessage(m[format])}
          </Button>
        ))}
      </Row>
      <DownloadStatus active={active} outcome={outcome} onCancel={cancel} />
    </Card>
  );
}

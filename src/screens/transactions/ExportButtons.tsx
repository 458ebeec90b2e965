import { defineMessages, useIntl } from 'react-intl';
import type { statementExportMachine } from '../../../machines/statementExport.machine';
import type { TransactionFilters } from '../../../machines/transactionList.machine';
import { statementFormats, type StatementFormat } from '../../../schemas/statements.schema';
import { api } from '../../api/client';
import type { InspectionObserver } from '../../app/inspection';
import { statementServices, type StatementServices } from '../../app/statementActors';
import { Button } from '../../ui/Button';
import { Row } from '../../ui/Layout';
import { DownloadStatus, useStatementDownload } from './useStatementDownload';

const messages = defineMessages({
  csv: { id: 'transactions.export.csv', defaultMessage: 'Export CSV' },
  xlsx: { id: 'transactions.export.xlsx', defaultMessage: 'Export Excel' },
  pdf: { id: 'transactions.export.pdf', defaultMessage: 'Export PDF statement' },
  preparing: { id: 'transactions.export.preparing', defaultMessage: 'Preparing the file…' },
  group: { id: 'transactions.export.group', defaultMessage: 'Export the filtered list' },
  fileCsv: { id: 'transactions.export.file.csv', defaultMessage: 'the CSV file' },
  fileXlsx: { id: 'transactions.export.file.xlsx', defaultMessage: 'the Excel file' },
  filePdf: { id: 'transactions.export.file.pdf', defaultMessage: 'the PDF statement' },
});

const fileLabels = { csv: messages.fileCsv, xlsx: messages.fileXlsx, pdf: messages.filePdf } as const;

export const defaultStatementServices = statementServices(api);

export type ExportButtonsProps = {
  /** The list's current filters: the file holds exactly what the list shows (of one account). */
  filters: TransactionFilters;
  /** The download effect; tests provide fakes. */
  services?: StatementServices;
  /** The export journey (machines/statementExport.machine.ts) with its effects; model tests provide their own. */
  logic?: typeof statementExportMachine;
  inspect?: InspectionObserver;
};

export const statementLocaleOf = (locale: string) => (locale.toLowerCase().startsWith('el') ? 'el' : 'en');

/**
 * "Export CSV", "Export Excel" and "Export PDF statement" for the transactions screen: downloads the filtered list
 * through the API client (bearer token, not a bare link) while showing how much has arrived, with "Cancel download",
 * and a translated error.
 */
export function ExportButtons({
  filters,
  services = defaultStatementServices,
  logic,
  inspect,
}: ExportButtonsProps) {
  const intl = useIntl();
  const { active, outcome, start, cancel } = useStatementDownload(services, {
    logic,
    inspect,
    labelOf: (request) => intl.formatMessage(fileLabels[request.format]),
  });
  const busy = active?.key ?? null;
  const download = (format: StatementFormat) =>
    start({ kind: 'list', format, locale: statementLocaleOf(intl.locale), filters });

  return (
    <div>
      <Row role="group" aria-label={intl.formatMessage(messages.group)}>
        {statementFormats.map((format) => (
          <Button
            key={format}
            variant="secondary"
            busy={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => download(format)}
          >
            {busy === format ? intl.formatMessage(messages.preparing) : intl.formatMessage(messages[format])}
          </Button>
        ))}
      </Row>
      <DownloadStatus active={active} outcome={outcome} onCancel={cancel} />
    </div>
  );
}

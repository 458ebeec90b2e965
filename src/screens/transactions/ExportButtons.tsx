import { useEffect, useRef, useState } from 'react';
import { defineMessages, useIntl } from 'react-intl';
import type { TransactionFilters } from '../../../machines/transactionList.machine';
import { toApiFailure } from '../../../machines/apiFailure';
import type { StatementFormat } from '../../../schemas/statements.schema';
import { api } from '../../api/client';
import { statementServices, type StatementServices } from '../../app/statementActors';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Row } from '../../ui/Layout';

const messages = defineMessages({
  csv: { id: 'transactions.export.csv', defaultMessage: 'Export CSV' },
  pdf: { id: 'transactions.export.pdf', defaultMessage: 'Export PDF statement' },
  preparing: { id: 'transactions.export.preparing', defaultMessage: 'Preparing the file…' },
  tooLarge: {
    id: 'transactions.export.tooLarge',
    defaultMessage: 'Too many transactions for one file. Choose a shorter period or narrow the filters.',
  },
  noAccount: {
    id: 'transactions.export.noAccount',
    defaultMessage: 'There is no account to export for this currency.',
  },
  badFilter: {
    id: 'transactions.export.badFilter',
    defaultMessage: 'The filters are not valid. Check the dates and try again.',
  },
  failed: {
    id: 'transactions.export.failed',
    defaultMessage: 'The file could not be prepared. Please try again.',
  },
  group: { id: 'transactions.export.group', defaultMessage: 'Export the filtered list' },
});

const defaultServices = statementServices(api);

export type ExportButtonsProps = {
  /** The list's current filters: the file holds exactly what the list shows (of one account). */
  filters: TransactionFilters;
  /** The download effect; tests provide fakes. */
  services?: StatementServices;
};

/** Hands a downloaded file to the browser as a download, through a short-lived object URL. */
function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * "Export CSV" and "Export PDF statement" for the transactions screen: downloads the filtered list through the API
 * client (bearer token, not a bare link), shows which file is being prepared and a translated error.
 */
export function ExportButtons({ filters, services = defaultServices }: ExportButtonsProps) {
  const intl = useIntl();
  const [busy, setBusy] = useState<StatementFormat | null>(null);
  const [error, setError] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const download = async (format: StatementFormat) => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setBusy(format);
    setError(null);
    try {
      const locale = intl.locale.toLowerCase().startsWith('el') ? 'el' : 'en';
      const file = await services.downloadStatement({ format, locale, filters }, current.signal);
      if (current.signal.aborted) return;
      saveFile(file.blob, file.fileName);
    } catch (thrown) {
      if (current.signal.aborted) return;
      const failure = toApiFailure(thrown);
      if (failure.kind === 'network') setError(intl.formatMessage(errorMessages.network));
      else if (failure.status === 422) setError(intl.formatMessage(messages.tooLarge));
      else if (failure.status === 404) setError(intl.formatMessage(messages.noAccount));
      else if (failure.status === 400) setError(intl.formatMessage(messages.badFilter));
      else if (failure.code === 'session_expired')
        setError(intl.formatMessage(errorMessages.session_expired));
      else setError(intl.formatMessage(messages.failed));
    } finally {
      if (controller.current === current) {
        controller.current = null;
        setBusy(null);
      }
    }
  };

  return (
    <div>
      <Row role="group" aria-label={intl.formatMessage(messages.group)}>
        {(['csv', 'pdf'] as const).map((format) => (
          <Button
            key={format}
            variant="secondary"
            busy={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => void download(format)}
          >
            {busy === format ? intl.formatMessage(messages.preparing) : intl.formatMessage(messages[format])}
          </Button>
        ))}
      </Row>
      {error ? <Alert role="alert">{error}</Alert> : null}
    </div>
  );
}

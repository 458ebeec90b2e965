import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import { toApiFailure } from '../../../machines/apiFailure';
import type { DownloadProgress, StatementRequest, StatementServices } from '../../app/statementActors';
import { errorMessages } from '../../i18n/errorMessages';
import { Button } from '../../ui/Button';
import { Alert, Muted } from '../../ui/Layout';

const m = defineMessages({
  tooLarge: {
    id: 'transactions.export.tooLarge',
    defaultMessage: 'Too many transactions for one file. Choose a shorter period or narrow the filters.',
  },
  noAccount: {
    id: 'transactions.export.noAccount',
    defaultMessage: 'There is no account to export for this currency.',
  },
  noData: { id: 'statements.noData', defaultMessage: 'No data found for this currency.' },
  badFilter: {
    id: 'transactions.export.badFilter',
    defaultMessage: 'The filters are not valid. Check the dates and try again.',
  },
  badMonth: {
    id: 'statements.badMonth',
    defaultMessage: 'Choose a month that has already begun.',
  },
  failed: {
    id: 'transactions.export.failed',
    defaultMessage: 'The file could not be prepared. Please try again.',
  },
  cancel: { id: 'statements.cancel', defaultMessage: 'Cancel download' },
  cancelled: { id: 'statements.cancelled', defaultMessage: 'Download cancelled.' },
  saved: { id: 'statements.saved', defaultMessage: 'The file is downloaded.' },
  waiting: { id: 'statements.waiting', defaultMessage: 'Waiting for the server to start the file…' },
});

const valued = {
  downloading: defineMessage<{ file: string }>({
    id: 'statements.downloading',
    defaultMessage: 'Downloading {file}',
  }),
  ofTotal: defineMessage<{ received: string; total: string; percent: string }>({
    id: 'statements.progress.ofTotal',
    defaultMessage: '{received} of {total} ({percent})',
  }),
  received: defineMessage<{ received: string }>({
    id: 'statements.progress.received',
    defaultMessage: '{received} received',
  }),
  withRows: defineMessage<{ text: string; rows: number }>({
    id: 'statements.progress.withRows',
    defaultMessage: '{text} · {rows, plural, one {# transaction} other {# transactions}} in the file',
  }),
};

/** A size in the reader's language: "840 kB", "3.4 MB". */
export function formatBytes(intl: Pick<IntlShape, 'formatNumber'>, bytes: number): string {
  if (bytes >= 1_000_000) {
    return intl.formatNumber(bytes / 1_000_000, {
      style: 'unit',
      unit: 'megabyte',
      maximumFractionDigits: 1,
    });
  }
  return intl.formatNumber(Math.max(bytes, 0) / 1_000, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 0,
  });
}

/** Hands a downloaded file to the browser as a download, through a short-lived object URL. */
export function saveFile(blob: Blob, fileName: string): void {
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

function failureText(intl: IntlShape, thrown: unknown, kind: StatementRequest['kind']): string {
  const failure = toApiFailure(thrown);
  if (failure.kind === 'network') return intl.formatMessage(errorMessages.network);
  if (failure.code === 'session_expired') return intl.formatMessage(errorMessages.session_expired);
  if (failure.status === 422) return intl.formatMessage(m.tooLarge);
  if (failure.status === 404) return intl.formatMessage(kind === 'monthly' ? m.noData : m.noAccount);
  if (failure.status === 400) return intl.formatMessage(kind === 'monthly' ? m.badMonth : m.badFilter);
  return intl.formatMessage(m.failed);
}

export type ActiveDownload = { key: string; label: string; progress: DownloadProgress | null };
type Outcome = { kind: 'error' | 'cancelled' | 'saved'; text: string } | null;

/**
 * One statement download at a time: which one runs (by a key of the caller's choosing), how far it has come, a way to
 * cancel it, and what happened to the last one. Leaving the page cancels a download still running.
 */
export function useStatementDownload(services: StatementServices) {
  const intl = useIntl();
  const [active, setActive] = useState<ActiveDownload | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (key: string, label: string, request: StatementRequest) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      setActive({ key, label, progress: null });
      setOutcome(null);
      try {
        const file = await services.downloadStatement(request, {
          signal: current.signal,
          onProgress: (progress) => {
            if (controller.current === current) setActive({ key, label, progress });
          },
        });
        if (current.signal.aborted) return;
        saveFile(file.blob, file.fileName);
        setOutcome({ kind: 'saved', text: intl.formatMessage(m.saved) });
      } catch (thrown) {
        if (current.signal.aborted) return;
        setOutcome({ kind: 'error', text: failureText(intl, thrown, request.kind) });
      } finally {
        if (controller.current === current) {
          controller.current = null;
          setActive(null);
        }
      }
    },
    [services, intl],
  );

  const cancel = useCallback(() => {
    const current = controller.current;
    if (!current) return;
    controller.current = null;
    current.abort();
    setActive(null);
    setOutcome({ kind: 'cancelled', text: intl.formatMessage(m.cancelled) });
  }, [intl]);

  return { active, outcome, start, cancel };
}

const Box = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
  margin: ${({ theme }) => `${theme.space(3)} 0`};
  progress {
    flex: 1 1 12rem;
    height: 0.9rem;
    accent-color: ${({ theme }) => theme.colors.primary};
  }
  p {
    margin: 0;
  }
`;

/** The running download (a progress bar, the bytes so far, "Cancel download"), then what became of it. */
export function DownloadStatus({
  active,
  outcome,
  onCancel,
}: {
  active: ActiveDownload | null;
  outcome: Outcome;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const labelId = useId();
  if (active) {
    const progress = active.progress;
    const total = progress?.total ?? null;
    let text = intl.formatMessage(m.waiting);
    if (progress && total !== null && total > 0) {
      text = intl.formatMessage(valued.ofTotal, {
        received: formatBytes(intl, progress.received),
        total: formatBytes(intl, total),
        percent: intl.formatNumber(Math.min(progress.received / total, 1), { style: 'percent' }),
      });
    } else if (progress && progress.received > 0) {
      text = intl.formatMessage(valued.received, { received: formatBytes(intl, progress.received) });
    }
    return (
      <Box>
        <p id={labelId}>{intl.formatMessage(valued.downloading, { file: active.label })}</p>
        {progress && total !== null && total > 0 ? (
          <progress aria-labelledby={labelId} max={total} value={Math.min(progress.received, total)} />
        ) : (
          <progress aria-labelledby={labelId} />
        )}
        <Muted as="p">
          {progress?.rows != null ? intl.formatMessage(valued.withRows, { text, rows: progress.rows }) : text}
        </Muted>
        <Button variant="secondary" onClick={onCancel}>
          {intl.formatMessage(m.cancel)}
        </Button>
      </Box>
    );
  }
  if (!outcome) return null;
  if (outcome.kind === 'error') return <Alert role="alert">{outcome.text}</Alert>;
  return <Muted role="status">{outcome.text}</Muted>;
}

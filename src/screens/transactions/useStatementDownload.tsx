import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo } from 'react';
import { defineMessage, defineMessages, useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import {
  selectActiveExport,
  selectExportOutcome,
  statementExportMachine,
  type DownloadProgress,
  type StatementExportError,
  type StatementRequest,
} from '../../../machines/statementExport.machine';
import { useJourneyActor, type InspectionObserver } from '../../app/inspection';
import { statementExportActors, type StatementServices } from '../../app/statementActors';
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

function errorText(intl: IntlShape, error: StatementExportError, kind: StatementRequest['kind']): string {
  switch (error) {
    case 'network':
      return intl.formatMessage(errorMessages.network);
    case 'sessionExpired':
      return intl.formatMessage(errorMessages.session_expired);
    case 'tooLarge':
      return intl.formatMessage(m.tooLarge);
    case 'notFound':
      return intl.formatMessage(kind === 'monthly' ? m.noData : m.noAccount);
    case 'badRequest':
      return intl.formatMessage(kind === 'monthly' ? m.badMonth : m.badFilter);
    case 'unknown':
      return intl.formatMessage(m.failed);
  }
}

export type ActiveDownload = { key: string; label: string; progress: DownloadProgress | null };
type Outcome = { kind: 'error' | 'cancelled' | 'saved'; text: string } | null;

export type StatementExportOptions = {
  /** The journey with its effects; the app's own (built from `services`) unless given. Tests provide their own. */
  logic?: typeof statementExportMachine | undefined;
  /** A test's observer of the journey. */
  inspect?: InspectionObserver | undefined;
  /** The file's name in the sentence "Downloading …". */
  labelOf: (request: StatementRequest) => string;
};

/**
 * One statement export at a time (machines/statementExport.machine.ts): which one runs (by its format), how far it
 * has come, a way to cancel it, and what happened to the last one. Leaving the page stops the journey, and with it a
 * download still running.
 */
export function useStatementDownload(
  services: StatementServices,
  { logic, inspect, labelOf }: StatementExportOptions,
) {
  const intl = useIntl();
  const machine = useMemo(
    () => logic ?? statementExportMachine.provide({ actors: statementExportActors(services) }),
    [logic, services],
  );
  const journey = useJourneyActor(machine, inspect ? { inspect } : {});
  const running = useSelector(journey, selectActiveExport);
  const last = useSelector(journey, selectExportOutcome);
  const active: ActiveDownload | null = running
    ? { key: running.request.format, label: labelOf(running.request), progress: running.progress }
    : null;
  let outcome: Outcome = null;
  if (last?.kind === 'saved') outcome = { kind: 'saved', text: intl.formatMessage(m.saved) };
  else if (last?.kind === 'cancelled') outcome = { kind: 'cancelled', text: intl.formatMessage(m.cancelled) };
  else if (last?.kind === 'error')
    outcome = { kind: 'error', text: errorText(intl, last.error, last.request.kind) };
  const start = useCallback(
    (request: StatementRequest) => journey.send({ type: 'export.start', request }),
    [journey],
  );
  const cancel = useCallback(() => journey.send({ type: 'export.cancel' }), [journey]);
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

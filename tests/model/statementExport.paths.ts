import type { ApiFailure } from '../../machines/apiFailure';
import {
  statementExportMachine,
  toStatementExportError,
  type StatementExportError,
  type StatementExportEvent,
  type StatementExportSnapshot,
  type StatementRequest,
} from '../../machines/statementExport.machine';
import { statementRowLimit } from '../../schemas/statements.schema';
import { filtersToQuery, type TransactionFilters } from '../../machines/transactionList.machine';
import {
  failureWords,
  pathTitle,
  screenEnd,
  type Fixtures,
  type Model,
  type ModelPath,
  type ScreenExpectation,
} from './generatePaths';

/*
 * The test model of the statement export (machines/statementExport.machine.ts), run by statementExport.model.test.tsx on
 * the export buttons of /transactions: Dora Demou, owner of Demo Coffee, has filtered March 2026's completed payments
 * of the EUR account for "coffee" and exports them as a PDF statement. The file is waited for, streams in (500 kB of
 * 2 MB, 1,234 transactions), and is saved; or she cancels it; or the server refuses it for one of five reasons.
 * The monthly statement runs the same journey (tests/model/statementDownload.test.tsx words its own refusals).
 */

export const statementExportPath = '/transactions';

/** The list's filters the export carries. */
export const exportFilters = {
  from: '2026-03-01',
  to: '2026-03-31',
  status: 'completed',
  q: 'coffee',
  account: 'eur',
} satisfies TransactionFilters;

export const pdfExport = {
  kind: 'list',
  format: 'pdf',
  locale: 'en',
  filters: exportFilters,
} satisfies StatementRequest;

export const pdfFileName = 'tameio-statement-eur-2026-03-01_2026-03-31.pdf';

export const statementExportTexts = {
  heading: 'Transactions',
  csv: 'Export CSV',
  xlsx: 'Export Excel',
  pdf: 'Export PDF statement',
  preparing: 'Preparing the file…',
  cancel: 'Cancel download',
  saved: 'The file is downloaded.',
  cancelled: 'Download cancelled.',
  waiting: 'Waiting for the server to start the file…',
  progress: '500 kB of 2 MB (25%) · 1,234 transactions in the file',
};

const http = (status: number, code: string, message: string) =>
  ({ kind: 'http', status, code, message }) satisfies ApiFailure;

/** The alert of each failure, on the list export. */
export function statementExportErrorText(error: StatementExportError): string {
  switch (error) {
    case 'tooLarge':
      return 'Too many transactions for one file. Choose a shorter period or narrow the filters.';
    case 'notFound':
      return 'There is no account to export for this currency.';
    case 'badRequest':
      return 'The filters are not valid. Check the dates and try again.';
    case 'network':
      return 'A network error has occurred.';
    case 'sessionExpired':
      return 'Session has expired. Please log in again to continue!';
    case 'unknown':
      return 'The file could not be prepared. Please try again.';
  }
}

export const statementExportFixtures = {
  events: {
    'export.start': [
      { event: { type: 'export.start', request: pdfExport }, does: 'Click "Export PDF statement"' },
    ],
    'export.cancel': [{ event: { type: 'export.cancel' }, does: 'Click "Cancel download"' }],
    'download.progress': [
      {
        event: { type: 'download.progress', progress: { received: 500_000, total: 2_000_000, rows: 1234 } },
        does: 'The server sends the first 500 kB of the 2 MB file (1,234 transactions): "500 kB of 2 MB (25%)"',
      },
    ],
  },
  actors: {
    downloadStatement: {
      done: {
        output: { fileName: pdfFileName },
        says: `The whole file arrives; the browser saves ${pdfFileName}`,
      },
      errors: [
        {
          failure: http(422, 'validation_failed', `More than ${statementRowLimit} transactions.`),
          says: `The server refuses: more than ${statementRowLimit} transactions for one file (422)`,
          // The sandbox's demo merchants hold far fewer transactions than one file may.
          tester: false,
        },
        {
          failure: http(404, 'no_data', 'No data found for this currency.'),
          says: 'The server finds no account in that currency (404 no_data)',
          does: 'Open /transactions?account=gbp (Demo Coffee holds no GBP account), click "Export PDF statement"',
        },
        {
          failure: http(400, 'validation_failed', 'from must not be after to.'),
          says: 'The server refuses the filters (400)',
          // The filter form lets only valid dates through.
          tester: false,
        },
        { failure: { kind: 'network' }, says: 'The network fails (no answer from the server)' },
        {
          failure: http(500, 'internal_error', 'Internal server error'),
          says: 'The server fails (500)',
        },
      ],
    },
  },
  delays: {},
} satisfies Fixtures<typeof statementExportMachine>;

function statementExportScreen(snapshot: StatementExportSnapshot): ScreenExpectation {
  const t = statementExportTexts;
  const path = statementExportPath;
  const formats = [t.csv, t.xlsx, t.pdf];
  if (snapshot.matches('exporting')) {
    return {
      path,
      heading: t.heading,
      alert: null,
      enabled: [t.cancel],
      disabled: [t.csv, t.xlsx, t.preparing],
    };
  }
  const { error } = snapshot.context;
  return {
    path,
    heading: t.heading,
    alert: snapshot.matches('failed') && error ? statementExportErrorText(error) : null,
    enabled: formats,
    absent: [t.cancel, t.preparing],
  };
}

/**
 * Why the server refused the file, by the machine's reading of the answer (two refusals share the code
 * validation_failed: too many rows is 422, bad filters 400). Not here: no answer (`failureWords`) and a server fault.
 */
const refusalWords: Partial<Record<StatementExportError, string>> = {
  tooLarge: `more than ${statementRowLimit} transactions`,
  notFound: 'no account in that currency',
  badRequest: 'filters not valid',
  sessionExpired: 'session expired',
};

type StatementExportStepOfPath = ModelPath<StatementExportSnapshot>['steps'][number];

/**
 * A decision of a path, in a few words: the export asked for, the file arriving, a cancel, the refusals and faults.
 * A file saved is named where the path goes on after it (at the end, the end names it).
 */
function decisionWords(
  step: StatementExportStepOfPath,
  index: number,
  steps: StatementExportStepOfPath[],
): string | null {
  const { action } = step;
  switch (action.kind) {
    case 'start':
    case 'delay':
      return null;
    case 'actorError': {
      const error = toStatementExportError(action.failure);
      if (error === 'unknown') return 'the server fails on the file';
      const words = refusalWords[error];
      return words ? `the file refused (${words})` : failureWords(action, 'the file');
    }
    case 'actorDone':
      return index < steps.length - 1 ? 'saved' : null;
    case 'event': {
      const event = action.event as StatementExportEvent;
      const earlier = steps.slice(0, index).map((one) => one.action);
      switch (event.type) {
        case 'export.start':
          return earlier.some((one) => one.kind === 'event' && one.event.type === 'export.start')
            ? 'export again'
            : `export a ${event.request.format.toUpperCase()} statement`;
        case 'export.cancel':
          return 'cancel';
        case 'download.progress':
          return earlier.some((one) => one.kind === 'event' && one.event.type === 'download.progress')
            ? 'more of the file arrives'
            : 'the file starts to arrive';
      }
    }
  }
  return null;
}

/** A path's title by what it proves: the export, how far the file came, refusals and faults, then where it ends. */
export function statementExportTitle(path: ModelPath<StatementExportSnapshot>): string {
  const last = path.steps.at(-1)!.state;
  const end = last.matches('saved')
    ? `${last.context.fileName ?? 'the file'} saved`
    : last.matches('cancelled')
      ? 'download cancelled, nothing saved'
      : last.matches({ exporting: 'waiting' })
        ? 'waits for the server to start the file'
        : last.matches({ exporting: 'downloading' })
          ? 'waits while the file arrives'
          : screenEnd(statementExportScreen(last), last.hasTag('busy'));
  return pathTitle(path, decisionWords, end, 'open the transactions');
}

export const statementExportModel: Model<typeof statementExportMachine> = {
  name: 'statementExport',
  machine: statementExportMachine,
  file: 'statementExport.machine.ts',
  start: `Signed in as the owner of Demo Coffee (an approved merchant), open ${statementExportPath}?${filtersToQuery(exportFilters)}`,
  fixtures: statementExportFixtures,
  // The state, the file asked for, how far it came and why it failed decide what the buttons and the line under them show.
  serialize: (snapshot) => {
    const { value, context } = snapshot;
    return JSON.stringify({
      value,
      request: context.request,
      received: context.progress?.received ?? null,
      fileName: context.fileName,
      error: context.error,
    });
  },
  bounds: { maxDepth: 6, simplePerState: 1, maxSimple: 4 },
  screen: statementExportScreen,
  title: statementExportTitle,
};

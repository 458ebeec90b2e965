import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActorRefFrom } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  statementExportMachine,
  type DownloadStatementInput,
  type SavedStatement,
} from '../../machines/statementExport.machine';
import type { StatementFormat } from '../../schemas/statements.schema';
import type { DownloadOptions, StatementServices } from '../../src/app/statementActors';
import { ExportButtons } from '../../src/screens/transactions/ExportButtons';
import { generatePaths } from './generatePaths';
import {
  journeyCapture,
  renderJourneyScreen,
  renderPart,
  runPath,
  type Executors,
  type PathRunner,
  type RenderedApp,
} from './harness';
import {
  exportFilters,
  pdfExport,
  statementExportModel,
  statementExportPath,
  statementExportTexts as t,
} from './statementExport.paths';

// Every generated path of the statement export (machines/statementExport.machine.ts), run against the export buttons
// of /transactions, signed in as the owner of an approved merchant. The download effect is faked at the journey's
// seam; the app's own effect (src/app/statementActors.ts) is checked below and in statementDownload.test.tsx.

type ExportActor = ActorRefFrom<typeof statementExportMachine>;

const journey = journeyCapture<ExportActor>('statement export');

const buttonOf: Record<StatementFormat, string> = { csv: t.csv, xlsx: t.xlsx, pdf: t.pdf };

const executors: Executors<typeof statementExportMachine> = {
  'export.start': async (app, event) => {
    await app.user.click(screen.getByRole('button', { name: buttonOf[event.request.format] }));
    const made = app.effects.made.filter((call) => call.id === 'downloadStatement').at(-1);
    expect((made?.input as DownloadStatementInput | undefined)?.request).toEqual(event.request);
  },
  'export.cancel': async (app) => {
    await app.user.click(screen.getByRole('button', { name: t.cancel }));
  },
  'download.progress': async (app, event) => {
    const made = app.effects.made.filter((call) => call.id === 'downloadStatement').at(-1);
    const input = made?.input as DownloadStatementInput | undefined;
    if (!input) throw new Error('no download was asked for');
    await act(async () => {
      input.report(event.progress);
    });
    await screen.findByText(t.progress);
  },
};

function startApp(): RenderedApp {
  return renderJourneyScreen({
    path: statementExportPath,
    route: statementExportPath,
    journey,
    screen: ({ effects, inspect }) => (
      <>
        <h1>{t.heading}</h1>
        <ExportButtons
          filters={exportFilters}
          logic={statementExportMachine.provide({
            actors: { downloadStatement: effects.logic<SavedStatement, DownloadStatementInput>() },
          })}
          inspect={inspect}
        />
      </>
    ),
  });
}

const paths = generatePaths(statementExportModel);

const runner: PathRunner<typeof statementExportMachine> = {
  model: statementExportModel,
  executors,
  live: () => journey.snapshot(),
};

describe(`statementExport journey: ${paths.length} generated paths`, () => {
  it.each(paths.map((path) => [path.id, path] as const))('%s', async (_id, path) => {
    const app = startApp();
    await runPath(runner, path, app);
  });
});

describe("the app's download effect", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('stops the download when the page is left, and saves nothing', async () => {
    const user = userEvent.setup();
    const signals: AbortSignal[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const downloadStatement = vi.fn<StatementServices['downloadStatement']>(
      (_request, options: DownloadOptions = {}) =>
        new Promise((_resolve, reject) => {
          if (options.signal) signals.push(options.signal);
          options.signal?.addEventListener('abort', () =>
            reject(new DOMException('The download was cancelled.', 'AbortError')),
          );
        }),
    );
    const view = renderPart(<ExportButtons filters={exportFilters} services={{ downloadStatement }} />);
    await user.click(screen.getByRole('button', { name: t.pdf }));
    expect(downloadStatement.mock.calls[0]?.[0]).toEqual(pdfExport);
    expect(screen.getByText(t.waiting)).toBeTruthy();
    expect(signals[0]?.aborted).toBe(false);
    view.unmount();
    expect(signals[0]?.aborted).toBe(true);
    expect(click).not.toHaveBeenCalled();
  });
});

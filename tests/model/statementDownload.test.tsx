import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../src/api/client';
import {
  readWithProgress,
  statementServices,
  type DownloadOptions,
  type DownloadProgress,
  type StatementRequest,
  type StatementServices,
} from '../../src/app/statementActors';
import { ExportButtons } from '../../src/screens/transactions/ExportButtons';
import { MonthlyStatement, recentMonths } from '../../src/screens/transactions/MonthlyStatement';
import { renderPart } from './harness';

// Statements in every format: Excel beside CSV and PDF, the monthly statement, and large downloads that show
// how much has arrived and can be cancelled. The download is faked at the service seam, and the service itself is
// checked against a streamed Response.

type Download = StatementServices['downloadStatement'];

/** A download that waits until the test ends it, reporting progress when told. */
function controllableDownload() {
  const calls: Array<{
    request: StatementRequest;
    options: DownloadOptions;
    finish: (blob: Blob, name: string) => void;
    fail: (error: unknown) => void;
  }> = [];
  const download = vi.fn<Download>(
    (request, options = {}) =>
      new Promise((resolve, reject) => {
        calls.push({
          request,
          options,
          finish: (blob, fileName) => resolve({ blob, fileName }),
          fail: reject,
        });
        options.signal?.addEventListener('abort', () =>
          reject(new DOMException('The download was cancelled.', 'AbortError')),
        );
      }),
  );
  const progress = async (index: number, update: DownloadProgress) => {
    await act(async () => {
      calls[index]?.options.onProgress?.(update);
    });
  };
  return { download, calls, progress };
}

let saved: string[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn(() => 'blob:statement');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the list export', () => {
  it('offers CSV, Excel and PDF, and asks for an xlsx file for Excel', async () => {
    const user = userEvent.setup();
    const { download, calls } = controllableDownload();
    renderPart(<ExportButtons filters={{ account: 'eur' }} services={{ downloadStatement: download }} />);
    const group = screen.getByRole('group', { name: 'Export the filtered list' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Export CSV', 'Export Excel', 'Export PDF statement']);
    await user.click(screen.getByRole('button', { name: 'Export Excel' }));
    expect(calls[0]?.request).toEqual({
      kind: 'list',
      format: 'xlsx',
      locale: 'en',
      filters: { account: 'eur' },
    });
    await act(async () => {
      calls[0]?.finish(new Blob(['PK']), 'tameio-statement-eur.xlsx');
    });
    expect(saved).toEqual(['tameio-statement-eur.xlsx']);
    expect(screen.getByRole('status').textContent).toBe('The file is downloaded.');
  });

  it('shows how much of a large file has arrived, and cancels it on "Cancel download"', async () => {
    const user = userEvent.setup();
    const { download, calls, progress } = controllableDownload();
    renderPart(<ExportButtons filters={{}} services={{ downloadStatement: download }} />);
    await user.click(screen.getByRole('button', { name: 'Export PDF statement' }));
    expect(screen.getByText('Waiting for the server to start the file…')).toBeTruthy();

    await progress(0, { received: 500_000, total: 2_000_000, rows: 1234 });
    const bar = screen.getByRole('progressbar', { name: 'Downloading the PDF statement' });
    expect(bar.getAttribute('value')).toBe('500000');
    expect(bar.getAttribute('max')).toBe('2000000');
    expect(screen.getByText('500 kB of 2 MB (25%) · 1,234 transactions in the file')).toBeTruthy();

    await progress(0, { received: 1_500_000, total: 2_000_000, rows: 1234 });
    expect(bar.getAttribute('value')).toBe('1500000');

    await user.click(screen.getByRole('button', { name: 'Cancel download' }));
    expect(calls[0]?.options.signal?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Download cancelled.');
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export PDF statement' })).toHaveProperty('disabled', false);
  });

  it('shows the bytes so far when the size is not known yet (a streamed file), in Greek too', async () => {
    const user = userEvent.setup();
    const { download, progress } = controllableDownload();
    renderPart(<ExportButtons filters={{}} services={{ downloadStatement: download }} />, { locale: 'el' });
    await user.click(await screen.findByRole('button', { name: 'Εξαγωγή Excel' }));
    await progress(0, { received: 3_400_000, total: null, rows: null });
    const bar = screen.getByRole('progressbar');
    expect(bar.hasAttribute('value')).toBe(false);
    expect(screen.getByText(/^Ελήφθησαν 3,4\sMB$/)).toBeTruthy();
  });
});

describe('the monthly statement', () => {
  it('downloads the chosen month of the chosen account in each format', async () => {
    const user = userEvent.setup();
    const { download, calls } = controllableDownload();
    renderPart(<MonthlyStatement services={{ downloadStatement: download }} />);
    const card = screen.getByRole('region', { name: 'Monthly statement' });
    const months = recentMonths();
    // Last month is chosen at first: a month that has ended.
    expect(within(card).getByLabelText<HTMLSelectElement>('Statement month').value).toBe(months[1]);
    await user.selectOptions(within(card).getByLabelText('Statement month'), months[2]!);
    await user.selectOptions(within(card).getByLabelText('Statement account'), 'usd');
    for (const [index, [name, format]] of [
      ['Monthly statement as CSV', 'csv'],
      ['Monthly statement as Excel', 'xlsx'],
      ['Monthly statement as PDF', 'pdf'],
    ].entries()) {
      await user.click(within(card).getByRole('button', { name }));
      expect(calls[index]?.request).toEqual({
        kind: 'monthly',
        format,
        locale: 'en',
        month: months[2],
        accountType: 'usd',
      });
      await act(async () => {
        calls[index]?.finish(new Blob(['x']), `statement.${format}`);
      });
    }
    expect(saved).toEqual(['statement.csv', 'statement.xlsx', 'statement.pdf']);
  });

  it('says "No data found for this currency." for an account the merchant does not hold', async () => {
    const user = userEvent.setup();
    const { download, calls } = controllableDownload();
    renderPart(<MonthlyStatement services={{ downloadStatement: download }} />);
    await user.click(screen.getByRole('button', { name: 'Monthly statement as PDF' }));
    await act(async () => {
      calls[0]?.fail({
        kind: 'http',
        status: 404,
        code: 'no_data',
        message: 'No data found for this currency.',
      });
    });
    expect(screen.getByRole('alert').textContent).toBe('No data found for this currency.');
  });
});

describe('the statement service', () => {
  const base = 'http://localhost:3000';
  const client = createApiClient({ hooks: () => ({ getAccessToken: () => 'token' }), baseUrl: base });

  function streamOf(
    chunks: string[],
    pauseAt?: number,
  ): { stream: ReadableStream<Uint8Array>; resume: () => void } {
    const encoder = new TextEncoder();
    let resume = () => {};
    const gate = new Promise<void>((resolve) => {
      resume = resolve;
    });
    let index = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (index === pauseAt) await gate;
        const chunk = chunks[index++];
        if (chunk === undefined) controller.close();
        else controller.enqueue(encoder.encode(chunk));
      },
    });
    return { stream, resume };
  }

  it('asks for the monthly statement with the bearer token and reports each chunk as it arrives', async () => {
    const requests: Request[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      requests.push(input as Request);
      return new Response(streamOf(['Date;Amount\n', '2026-04-01;12,50\n', '2026-04-02;3,00\n']).stream, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': 'attachment; filename="tameio-statement-eur-2026-04.csv"',
          'x-statement-rows': '2',
        },
      });
    });
    const seen: DownloadProgress[] = [];
    const file = await statementServices(client).downloadStatement(
      { kind: 'monthly', format: 'csv', locale: 'el', month: '2026-04', accountType: 'eur' },
      { onProgress: (progress) => seen.push(progress) },
    );
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/merchants/statements/monthly/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      month: '2026-04',
      format: 'csv',
      locale: 'el',
      account_type: 'eur',
    });
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer token');
    expect(file.fileName).toBe('tameio-statement-eur-2026-04.csv');
    expect(await file.blob.text()).toBe('Date;Amount\n2026-04-01;12,50\n2026-04-02;3,00\n');
    expect(seen.map((progress) => progress.received)).toEqual([0, 12, 29, 45]);
    expect(seen.every((progress) => progress.total === null && progress.rows === 2)).toBe(true);
  });

  it('stops reading when cancelled part way and hands back no file', async () => {
    const { stream } = streamOf(['first chunk', 'second chunk'], 1);
    const response = new Response(stream, { headers: { 'content-length': '23' } });
    const controller = new AbortController();
    const seen: number[] = [];
    const reading = readWithProgress(response, response.body, {
      signal: controller.signal,
      onProgress: (progress) => {
        seen.push(progress.received);
        if (progress.received > 0) controller.abort();
      },
    });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toEqual([0, 11]);
  });

  it('reads an error answer as the API failure it is', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () =>
      Response.json(
        { error: { code: 'no_data', message: 'No data found for this currency.' } },
        { status: 404 },
      ),
    );
    await expect(
      statementServices(client).downloadStatement({
        kind: 'list',
        format: 'xlsx',
        locale: 'en',
        filters: { account: 'gbp' },
      }),
    ).rejects.toMatchObject({ kind: 'http', status: 404, code: 'no_data' });
  });
});

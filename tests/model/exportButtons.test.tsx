import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fileNameFrom, statementQuery, type StatementServices } from '../../src/app/statementActors';
import { ExportButtons } from '../../src/screens/transactions/ExportButtons';
import { renderPart } from './harness';

// The transaction export buttons (src/screens/transactions/ExportButtons.tsx) in jsdom, with a fake download.

type Download = StatementServices['downloadStatement'];

function renderButtons(download: Download, locale: 'en' | 'el' = 'en') {
  return renderPart(
    <ExportButtons
      filters={{ from: '2026-03-01', to: '2026-03-31', status: 'completed', q: 'coffee', account: 'eur' }}
      services={{ downloadStatement: download }}
    />,
    { locale },
  );
}

let clicked: { href: string; download: string }[] = [];
beforeEach(() => {
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:statement');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('ExportButtons', () => {
  it('downloads the filtered list as a file, busy meanwhile', async () => {
    const user = userEvent.setup();
    let finish: (file: { blob: Blob; fileName: string }) => void = () => undefined;
    const download = vi.fn<Download>(
      () =>
        new Promise((resolve) => {
          finish = resolve;
        }),
    );
    renderButtons(download);
    await user.click(screen.getByRole('button', { name: 'Export PDF statement' }));
    expect(download).toHaveBeenCalledWith(
      {
        kind: 'list',
        format: 'pdf',
        locale: 'en',
        filters: { from: '2026-03-01', to: '2026-03-31', status: 'completed', q: 'coffee', account: 'eur' },
      },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    const busy = screen.getByRole('button', { name: 'Preparing the file…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveProperty('disabled', true);
    await act(async () => {
      finish({ blob: new Blob(['%PDF-']), fileName: 'tameio-statement-eur-2026-03-01_2026-03-31.pdf' });
      await Promise.resolve();
    });
    expect(clicked).toEqual([
      { href: 'blob:statement', download: 'tameio-statement-eur-2026-03-01_2026-03-31.pdf' },
    ]);
    expect(screen.getByRole('button', { name: 'Export PDF statement' })).toHaveProperty('disabled', false);
  });

  it('says in Greek when the export is too large, and asks in Greek', async () => {
    const user = userEvent.setup();
    const download = vi.fn<Download>(() =>
      Promise.reject({ kind: 'http', status: 422, code: 'validation_failed', message: 'too many' }),
    );
    renderButtons(download, 'el');
    await user.click(await screen.findByRole('button', { name: 'Εξαγωγή CSV' }));
    expect(download.mock.calls[0]?.[0]).toMatchObject({ format: 'csv', locale: 'el' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Πάρα πολλές συναλλαγές για ένα αρχείο. Επιλέξτε μικρότερη περίοδο ή περιορίστε τα φίλτρα.',
    );
    expect(clicked).toEqual([]);
  });

  it('reports a network failure', async () => {
    const user = userEvent.setup();
    renderButtons(() => Promise.reject({ kind: 'network' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect((await screen.findByRole('alert')).textContent).toBe('A network error has occurred.');
  });
});

describe('the export query', () => {
  it('maps the list filters and drops values the API would refuse', () => {
    expect(
      statementQuery('csv', 'el', {
        from: '2026-03-01',
        status: 'lost',
        type: 'bank_transfer',
        account: 'usd',
      }),
    ).toEqual({
      format: 'csv',
      locale: 'el',
      from: '2026-03-01',
      type: 'bank_transfer',
      account_type: 'usd',
    });
    expect(fileNameFrom('attachment; filename="tameio-statement-eur-2026-03-01_2026-03-31.csv"', 'csv')).toBe(
      'tameio-statement-eur-2026-03-01_2026-03-31.csv',
    );
    expect(fileNameFrom(null, 'pdf')).toBe('tameio-statement.pdf');
  });
});

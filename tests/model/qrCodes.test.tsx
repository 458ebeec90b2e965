import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CoreBankingAccountsResponse } from '../../schemas/accounts.schema';
import type { QrCode, ResolvedQrCode } from '../../schemas/qrCodes.schema';
import { createApiClient } from '../../src/api/client';
import { PayQrCodeScreen, sendMoneyLink } from '../../src/screens/qrCodes/PayQrCodeScreen';
import { QrCodesScreen } from '../../src/screens/qrCodes/QrCodesScreen';
import { renderScreen } from './harness';

// /my-wallet/qr-codes (SPEC §2: generate, copy link, delete; §3 date created and link; §8 "QR code deleted") and the
// page a QR code's link opens, /pay/:code, against a fake server.

const accounts = {
  wallet_tag: '@demo-coffee',
  accounts: [
    {
      id: '00000000-0000-4000-8000-0000000000e1',
      name: 'Main account',
      currency: 'EUR',
      account_type: 'eur',
      iban: 'GR8202600010000000000000001',
      balance: { amount_minor: '213580', currency: 'EUR' },
      available_balance: { amount_minor: '213580', currency: 'EUR' },
    },
  ],
} satisfies CoreBankingAccountsResponse;

const table = {
  id: '00000000-0000-4000-8000-0000000000c1',
  code: 'AAAAAAAAAAAAAAAAAAAAAA',
  link: 'http://localhost/pay/AAAAAAAAAAAAAAAAAAAAAA',
  currency: 'EUR',
  account_type: 'eur',
  amount: { amount_minor: '800', currency: 'EUR' },
  note: 'Table 4',
  created_at: '2026-01-15T09:00:00.000Z',
} satisfies QrCode;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A tiny stand-in for the QR code endpoints, recording what the screen asked for. */
function fakeServer(options: { failDelete?: boolean; resolve?: (code: string) => Response } = {}) {
  let rows: QrCode[] = [table];
  const requests: { line: string; body: unknown }[] = [];
  let counter = 0;
  const fetch = async (request: Request) => {
    const url = new URL(request.url, 'http://localhost');
    const text = request.method === 'POST' ? await request.text() : '';
    const body: unknown = text ? JSON.parse(text) : null;
    requests.push({ line: `${request.method} ${url.pathname}${url.search}`, body });
    if (url.pathname === '/api/merchants/core_banking_accounts/') return json(200, accounts);
    if (url.pathname.startsWith('/api/merchants/qr_codes/resolve/')) {
      const code = url.pathname.split('/').at(-2) ?? '';
      return options.resolve
        ? options.resolve(code)
        : json(404, { error: { code: 'not_found', message: '' } });
    }
    if (url.pathname === '/api/merchants/qr_codes/' && request.method === 'GET')
      return json(200, { items: rows });
    if (url.pathname === '/api/merchants/qr_codes/' && request.method === 'POST') {
      const input = body as { currency: string; amount_minor?: string; note?: string };
      counter += 1;
      const code = `BBBBBBBBBBBBBBBBBBBBB${counter}`;
      const created: QrCode = {
        id: `00000000-0000-4000-8000-00000000000${counter}`,
        code,
        link: `http://localhost/pay/${code}`,
        currency: input.currency,
        account_type: input.currency.toLowerCase(),
        amount: input.amount_minor ? { amount_minor: input.amount_minor, currency: input.currency } : null,
        note: input.note ?? null,
        created_at: '2026-02-01T10:30:00.000Z',
      };
      rows = [created, ...rows];
      return json(201, created);
    }
    if (request.method === 'DELETE') {
      if (options.failDelete) return json(500, { error: { code: 'internal_error', message: 'Oops.' } });
      const id = url.pathname.split('/').at(-2);
      rows = rows.filter((row) => row.id !== id);
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { code: 'not_found', message: 'Nothing here.' } });
  };
  const client = createApiClient({
    hooks: () => ({ getAccessToken: () => 'token' }),
    fetch,
    baseUrl: 'http://localhost',
  });
  return { client, requests, lines: () => requests.map((request) => request.line) };
}

function renderAt(path: string, client: ReturnType<typeof fakeServer>['client']) {
  return renderScreen({
    path,
    shell: false,
    routes: (
      <>
        <Route path="/my-wallet/qr-codes" element={<QrCodesScreen client={client} />} />
        <Route path="/pay/:code" element={<PayQrCodeScreen client={client} />} />
        <Route path="*" element={<h1>Elsewhere</h1>} />
      </>
    ),
  });
}

describe('the QR codes screen', () => {
  it('lists codes with date and link, generates one with an amount, copies its link and deletes after confirming', async () => {
    const server = fakeServer();
    renderAt('/my-wallet/qr-codes', server.client);
    const user = userEvent.setup();

    await screen.findByRole('heading', { level: 3, name: '€8.00' });
    const first = screen.getByRole('listitem');
    expect(within(first).getByText('Table 4')).toBeTruthy();
    expect(within(first).getByText(/^Created Jan 15, 2026/)).toBeTruthy();
    expect(within(first).getByText(table.link)).toBeTruthy();
    const image = await within(first).findByRole('img', { name: `QR code of the link ${table.link}` });
    expect(image.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const download = within(first).getByRole('link', { name: 'Download the QR code image for €8.00' });
    expect(download.getAttribute('href')).toBe(image.getAttribute('src'));
    expect(download.getAttribute('download')).toBe(`qr-code-${table.code}.svg`);

    // Bad amounts are refused before anything is sent.
    await user.type(screen.getByLabelText('Amount in EUR (optional)'), '12.345');
    await user.click(screen.getByRole('button', { name: 'Generate QR code' }));
    await screen.findByText('Enter an amount greater than zero, or leave it empty.');
    await user.clear(screen.getByLabelText('Amount in EUR (optional)'));
    await user.type(screen.getByLabelText('Amount in EUR (optional)'), '0');
    await user.click(screen.getByRole('button', { name: 'Generate QR code' }));
    await user.clear(screen.getByLabelText('Amount in EUR (optional)'));
    await user.click(screen.getByLabelText('Note (optional)'));
    await user.paste('x'.repeat(141));
    await user.click(screen.getByRole('button', { name: 'Generate QR code' }));
    await screen.findByText('Max 140 characters');
    expect(server.lines().filter((line) => line.startsWith('POST'))).toEqual([]);

    // With an amount and a note.
    await user.clear(screen.getByLabelText('Note (optional)'));
    await user.type(screen.getByLabelText('Note (optional)'), 'Lunch');
    await user.type(screen.getByLabelText('Amount in EUR (optional)'), '12.50');
    await user.click(screen.getByRole('button', { name: 'Generate QR code' }));
    await screen.findByText('QR code generated');
    await screen.findByRole('heading', { level: 3, name: '€12.50' });
    expect(server.requests.find((request) => request.line.startsWith('POST'))?.body).toEqual({
      currency: 'EUR',
      amount_minor: '1250',
      note: 'Lunch',
    });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByLabelText<HTMLInputElement>('Amount in EUR (optional)').value).toBe('');

    // Without an amount: the payer chooses.
    await user.click(screen.getByRole('button', { name: 'Generate QR code' }));
    await screen.findByRole('heading', { level: 3, name: 'Any amount in EUR' });
    expect(server.requests.filter((request) => request.line.startsWith('POST')).at(-1)?.body).toEqual({
      currency: 'EUR',
    });

    // Copy the link of the €12.50 code.
    await user.click(screen.getByRole('button', { name: 'Copy link of the QR code for €12.50' }));
    await screen.findByText('Copied');
    expect(await navigator.clipboard.readText()).toBe('http://localhost/pay/BBBBBBBBBBBBBBBBBBBBB1');

    // Cancel changes nothing; confirming deletes it with SPEC §8's toast.
    await user.click(screen.getByRole('button', { name: 'Delete the QR code for €8.00' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this QR code?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.lines().some((line) => line.startsWith('DELETE'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete the QR code for €8.00' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('QR code deleted');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 3, name: '€8.00' })).toBeNull());
    expect(server.lines()).toContain(`DELETE /api/merchants/qr_codes/${table.id}/`);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('says so when a delete fails, and keeps the code', async () => {
    const server = fakeServer({ failDelete: true });
    renderAt('/my-wallet/qr-codes', server.client);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the QR code for €8.00' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText('The QR code could not be deleted, try again later.');
    expect(screen.getByRole('heading', { level: 3, name: '€8.00' })).toBeTruthy();
  });
});

describe('the pay page of a QR code', () => {
  const resolved = {
    code: table.code,
    payee: { name: 'Demo Bakery', wallet_tag: '@demo-bakery' },
    currency: 'EUR',
    account_type: 'eur',
    amount: { amount_minor: '800', currency: 'EUR' },
    note: 'Table 4 & co',
  } satisfies ResolvedQrCode;

  it('shows who is paid and how much, and Pay continues to send money with the amount and note', async () => {
    const server = fakeServer({ resolve: () => json(200, resolved) });
    const app = renderAt(`/pay/${table.code}`, server.client);
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Pay Demo Bakery' });
    expect(screen.getByText('Demo Bakery (@demo-bakery)')).toBeTruthy();
    expect(screen.getByText('€8.00')).toBeTruthy();
    expect(screen.getByText('Table 4 & co')).toBeTruthy();
    expect(server.lines()).toContain(`GET /api/merchants/qr_codes/resolve/${table.code}/`);
    await user.click(screen.getByRole('link', { name: 'Pay' }));
    await waitFor(() =>
      expect(`${app.location.path}${app.location.search}`).toBe(
        '/my-wallet/eur/send-money/-/@demo-bakery?amount=800&note=Table+4+%26+co',
      ),
    );
  });

  it('without an amount the payer chooses it', () => {
    expect(sendMoneyLink({ ...resolved, amount: null, note: null })).toBe(
      '/my-wallet/eur/send-money/-/@demo-bakery',
    );
  });

  it('an unknown or deleted code says so clearly', async () => {
    const server = fakeServer();
    renderAt(`/pay/${table.code}`, server.client);
    await screen.findByRole('heading', { level: 1, name: 'This QR code does not work' });
    expect(screen.getByText(/does not exist or was deleted/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pay' })).toBeNull();
  });

  it('one’s own code cannot be paid', async () => {
    const server = fakeServer({
      resolve: () => json(422, { error: { code: 'recipient_not_allowed', message: 'Your own.' } }),
    });
    renderAt(`/pay/${table.code}`, server.client);
    await screen.findByRole('heading', { level: 1, name: 'This is your own QR code' });
    expect(screen.getByRole('link', { name: 'Go to your QR codes' }).getAttribute('href')).toBe(
      '/my-wallet/qr-codes',
    );
    expect(screen.queryByRole('link', { name: 'Pay' })).toBeNull();
  });
});

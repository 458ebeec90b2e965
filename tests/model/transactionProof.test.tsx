import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiFailure } from '../../machines/apiFailure';
import type { Transaction } from '../../schemas/transactions.schema';
import type { WalletServices } from '../../src/app/walletActors';
import type { ProofServices } from '../../src/screens/transactions/ProofOfPayment';
import { TransactionDetail } from '../../src/screens/transactions/TransactionDetail';
import { TransactionTable } from '../../src/screens/transactions/TransactionTable';
import { renderPart } from './harness';

// The transaction list and detail as a payer reads them: the list's figure is what left the account (the detail's
// total, fee included), a card bought is a card order, and every payment made offers its proof of payment.

const eur = (amount_minor: string) => ({ amount_minor, currency: 'EUR' });

function payment(fields: Partial<Transaction> = {}): Transaction {
  return {
    id: '00000000-0000-4000-8000-0000000002a1',
    created_at: '2026-11-20T09:30:00.000Z',
    updated_at: null,
    type: 'account_to_account',
    status: 'completed',
    direction: 'out',
    account: { id: '00000000-0000-4000-8000-0000000000e1', account_type: 'eur', currency: 'EUR' },
    counterparty: { name: 'Demo Bakery', iban: null, wallet_tag: '@demo-bakery' },
    reference: 'Invoice 117',
    note: null,
    amount: eur('30000'),
    fee: eur('50'),
    total: eur('30050'),
    original_amount: eur('30000'),
    original_fee: eur('50'),
    original_total: eur('30050'),
    exchange_rate: null,
    failure_reason: null,
    initiated_by: null,
    payee_check: null,
    ...fields,
  };
}

const text = (element: Element) => (element.textContent ?? '').replace(/\u00a0/g, ' ');

function renderTable(items: Transaction[]) {
  renderPart(
    <MemoryRouter>
      <TransactionTable
        items={items}
        selectedId={undefined}
        search=""
        focusFrom={null}
        caption="Newest first"
      />
    </MemoryRouter>,
  );
  return screen.getByRole('table');
}

const notFound: ApiFailure = { kind: 'http', status: 404, code: 'not_found', message: 'Nothing here.' };

function renderDetail(transaction: Transaction, proof: ProofServices, locale: 'en' | 'el' = 'en') {
  const services: WalletServices = {
    accounts: () => Promise.reject(notFound),
    topUpDetails: () => Promise.reject(notFound),
    transaction: async () => transaction,
  };
  renderPart(
    <MemoryRouter>
      <TransactionDetail id={transaction.id} services={services} proof={proof} closeTo="/transactions" />
    </MemoryRouter>,
    { locale },
  );
}

describe('the transaction list', () => {
  it('shows what left the account, fee included, as the detail’s total does', () => {
    const table = renderTable([payment()]);
    expect(within(table).getAllByRole('columnheader').map(text)).toContain('Total');
    const row = within(table).getByRole('rowheader', { name: 'Demo Bakery' }).closest('tr')!;
    expect(text(row)).toContain('−€300.50');
    expect(text(row)).not.toContain('€300.00');
  });

  it('calls a card bought from the bank a card order, not a card transaction', () => {
    const table = renderTable([
      payment({
        type: 'card_order',
        status: 'paid',
        counterparty: { name: 'Tameio', iban: null, wallet_tag: null },
      }),
    ]);
    const row = within(table).getByRole('rowheader', { name: 'Tameio' }).closest('tr')!;
    expect(text(row)).toContain('Card order');
    expect(text(row)).not.toContain('Card transaction');
  });
});

describe('proof of payment', () => {
  let saved: string[] = [];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = vi.fn(() => 'blob:proof');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('an outgoing payment offers it; the PDF is asked for in the reader’s language and saved', async () => {
    const user = userEvent.setup();
    const downloadProof = vi.fn<ProofServices['downloadProof']>(async () => ({
      blob: new Blob(['%PDF-'], { type: 'application/pdf' }),
      fileName: 'tameio-proof-of-payment-00000000.pdf',
    }));
    renderDetail(payment(), { downloadProof }, 'el');
    await user.click(await screen.findByRole('button', { name: 'Λήψη αποδεικτικού πληρωμής' }));
    expect(downloadProof).toHaveBeenCalledTimes(1);
    expect(downloadProof.mock.calls[0]?.[0]).toEqual({ id: payment().id, lang: 'el' });
    await waitFor(() => expect(saved).toEqual(['tameio-proof-of-payment-00000000.pdf']));
  });

  it('a bank transfer still pending offers it too', async () => {
    renderDetail(payment({ type: 'bank_transfer', status: 'pending' }), { downloadProof: vi.fn() });
    expect(await screen.findByRole('button', { name: 'Download proof of payment' })).toBeTruthy();
  });

  it('says so when the PDF cannot be had, and keeps the button', async () => {
    const user = userEvent.setup();
    const downloadProof = vi.fn<ProofServices['downloadProof']>(() =>
      Promise.reject({
        kind: 'http',
        status: 500,
        code: 'internal_error',
        message: 'x',
      } satisfies ApiFailure),
    );
    renderDetail(payment(), { downloadProof });
    await user.click(await screen.findByRole('button', { name: 'Download proof of payment' }));
    expect(text(await screen.findByRole('alert'))).toBe(
      'The proof of payment could not be prepared. Please try again.',
    );
    expect(screen.getByRole('button', { name: 'Download proof of payment' })).toBeTruthy();
    expect(saved).toEqual([]);
  });

  it.each([
    ['money received', { direction: 'in' as const }],
    ['a payment that failed', { status: 'failed' as const }],
    ['a card order', { type: 'card_order' as const, status: 'paid' as const }],
  ])('%s offers none', async (_name, fields) => {
    renderDetail(payment(fields), { downloadProof: vi.fn() });
    await screen.findByRole('table', { name: 'Amounts' });
    expect(screen.queryByRole('button', { name: 'Download proof of payment' })).toBeNull();
  });
});

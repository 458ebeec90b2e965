import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failTransfer, postTransfer, systemAccount } from '../../server/ledger';
import { api, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';
import { employeeToken, fund, newKey, walletMerchant, type WalletMerchant } from './money';

// The proof of payment of an outgoing transfer (GET transactionProof): a PDF whose text carries the payer, the
// payee, the figures, the time, the reference, the status and the id, in English or Greek; 404 for a transaction
// that has nothing to prove or is not the caller's.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const proofUrl = '/api/merchants/transactions/{id}/proof/';

async function proof(token: string, id: string, lang?: 'en' | 'el') {
  const response = await api(server.app, 'GET', proofUrl, {
    params: { id },
    ...(lang ? { query: { lang } } : {}),
    token,
  });
  return { ...response, bytes: response.raw.rawPayload };
}

async function pdfText(bytes: Buffer): Promise<{ text: string; pages: number }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const result = await parser.getText();
    // Intl puts no-break spaces in money ("300,50 €"); the extracted text has plain ones.
    return { text: result.text.replace(/\u00a0|\u202f/g, ' '), pages: result.total };
  } finally {
    await parser.destroy();
  }
}

/** Money as the document prints it, worked out here with Intl, independently of the server's formatter. */
function money(minor: bigint, locale: 'en' | 'el'): string {
  const decimal = `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
  return new Intl.NumberFormat(locale === 'el' ? 'el-GR' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: 2,
  })
    .format(decimal as Intl.StringNumericLiteral)
    .replace(/\u00a0|\u202f/g, ' ');
}

/** "GR82 0260 …", as printed. */
const grouped = (iban: string) => iban.replace(/(.{4})(?=.)/g, '$1 ');

describe('proof of payment', () => {
  let payer: WalletMerchant;
  let payee: WalletMerchant;
  let paymentId: string;
  let bankTransferId: string;
  let incomingId: string;
  let failedId: string;
  const amount = 30_000n;
  const fee = 50n;

  beforeAll(async () => {
    payer = await walletMerchant(server, 1_000_000n);
    payee = await walletMerchant(server);
    const posted = await postTransfer(server.db, {
      type: 'account_to_account',
      status: 'completed',
      amountMinor: amount,
      feeMinor: fee,
      currency: 'EUR',
      debitAccountId: payer.accountId,
      creditAccountId: payee.accountId,
      reference: 'Invoice 2026-117',
      idempotencyKey: newKey('proof'),
    });
    paymentId = posted.transfer.id;
    const clearing = await systemAccount(server.db, 'EUR', 'clearing');
    const bank = await postTransfer(server.db, {
      type: 'bank_transfer',
      status: 'pending',
      amountMinor: 12_345n,
      currency: 'EUR',
      debitAccountId: payer.accountId,
      creditAccountId: clearing,
      counterpartyName: 'Αρτοποιία Παπαδόπουλος ΟΕ',
      counterpartyIban: 'DE89370400440532013000',
      idempotencyKey: newKey('proof'),
    });
    bankTransferId = bank.transfer.id;
    const received = await postTransfer(server.db, {
      type: 'account_to_account',
      status: 'completed',
      amountMinor: 700n,
      currency: 'EUR',
      debitAccountId: payee.accountId,
      creditAccountId: payer.accountId,
      idempotencyKey: newKey('proof'),
    });
    incomingId = received.transfer.id;
    await fund(server.db, payee.accountId, 1_000n);
    const failed = await postTransfer(server.db, {
      type: 'bank_transfer',
      status: 'pending',
      amountMinor: 900n,
      currency: 'EUR',
      debitAccountId: payer.accountId,
      creditAccountId: clearing,
      counterpartyName: 'Nobody',
      counterpartyIban: 'DE89370400440532013000',
      idempotencyKey: newKey('proof'),
    });
    failedId = failed.transfer.id;
    await failTransfer(server.db, failedId, 'The receiving bank refused the payment.');
  });

  it('prints payer, payee, amount, fee, total, time, reference, status and id as the detail gives them', async () => {
    const detail = await api(server.app, 'GET', '/api/merchants/transactions/{id}/', {
      params: { id: paymentId },
      token: payer.token,
    });
    expectStatus(detail, 200);
    expect(detail.body.total.amount_minor).toBe(String(amount + fee));

    const response = await proof(payer.token, paymentId, 'en');
    expectStatus(response, 200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="tameio-proof-of-payment-${paymentId.replace(/-/g, '').slice(0, 8)}.pdf"`,
    );
    expect(response.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { text, pages } = await pdfText(response.bytes);
    expect(pages).toBe(1);
    expect(text).toContain('Proof of payment');
    expect(text).toContain(paymentId);
    expect(text).toContain(payer.name);
    expect(text).toContain(grouped(payer.iban));
    expect(text).toContain(payer.tag);
    expect(text).toContain(payee.name);
    expect(text).toContain(payee.tag);
    expect(text).toMatch(new RegExp(`Amount\\s+${money(amount, 'en').replace('.', '\\.')}`));
    expect(text).toMatch(new RegExp(`Fee\\s+${money(fee, 'en').replace('.', '\\.')}`));
    expect(text).toMatch(new RegExp(`Total paid\\s+${money(amount + fee, 'en').replace('.', '\\.')}`));
    expect(text).toContain('Invoice 2026-117');
    expect(text).toMatch(/Status\s+Completed/);
    // The time on the bank's clock, as the monthly statement prints it.
    const athens = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Athens',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .format(new Date(detail.body.created_at))
      .replace(',', '');
    expect(text).toContain(`${athens} Greek time`);
  });

  it('in Greek: Greek words, Greek money and the payee’s IBAN of a bank transfer still on its way', async () => {
    const response = await proof(payer.token, bankTransferId, 'el');
    expectStatus(response, 200);
    const { text } = await pdfText(response.bytes);
    expect(text).toContain('Αποδεικτικό πληρωμής');
    expect(text).toContain('Αρτοποιία Παπαδόπουλος ΟΕ');
    expect(text).toContain(grouped('DE89370400440532013000'));
    expect(text).toContain(money(12_345n, 'el'));
    expect(text).toMatch(/Κατάσταση\s+Σε εκκρεμότητα/);
    expect(text).toContain('Τραπεζική μεταφορά');
    expect(text).toContain('δεν την έχει επιβεβαιώσει ακόμη');
  });

  it('speaks the caller’s language when the query names none', async () => {
    await server.db
      .updateTable('users')
      .set({ locale: 'el' })
      .where('merchant_id', '=', payer.merchantId)
      .execute();
    try {
      const { text } = await pdfText((await proof(payer.token, paymentId)).bytes);
      expect(text).toContain('Αποδεικτικό πληρωμής');
    } finally {
      await server.db
        .updateTable('users')
        .set({ locale: 'en' })
        .where('merchant_id', '=', payer.merchantId)
        .execute();
    }
  });

  it('is 404 for another merchant’s payment, an incoming one, one that failed and an unknown id', async () => {
    // The payee sees the payment as incoming: nothing of theirs to prove.
    for (const [token, id] of [
      [payee.token, paymentId],
      [payer.token, incomingId],
      [payer.token, failedId],
      [payer.token, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await proof(token, id);
      expectStatus(response, 404);
    }
    const stranger = await walletMerchant(server);
    expectStatus(await proof(stranger.token, paymentId), 404);
  });

  it('is read with the transaction detail’s permission: a viewer of the company may download it', async () => {
    const viewer = await employeeToken(server, payer.merchantId, 'viewer');
    expectStatus(await proof(viewer, paymentId, 'en'), 200);
  });
});

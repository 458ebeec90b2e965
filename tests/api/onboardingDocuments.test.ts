import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiWithBadInput, errorOf, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';
import {
  company,
  exeBytes,
  jpegBytes,
  onboardingOwner,
  pdfBytes,
  pngBytes,
  storedFiles,
  upload,
  uploadLogo,
  uploadWithBadInput,
} from './onboardingFixtures';

let server: TestServer;
beforeAll(async () => {
  // A small limit keeps the oversize test quick; the default is 10 MB.
  server = await startTestServer({ UPLOAD_LIMIT_BYTES: String(64 * 1024) });
});
afterAll(async () => {
  await server.close();
});

async function documentRows(merchantId: string) {
  return server.db
    .selectFrom('merchant_documents')
    .select(['id', 'type', 'content_type', 'storage_key'])
    .where('merchant_id', '=', merchantId)
    .orderBy('created_at')
    .execute();
}

describe('uploading documents', () => {
  it('stores a PDF under a random name and streams it back inline to its merchant only', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const sent = await upload(server.app, owner.token, {
      content: pdfBytes,
      filename: '../../etc/passwd.pdf',
    });
    expectStatus(sent, 201);
    expect(sent.body).toMatchObject({
      type: 'representative_id',
      file_name: 'passwd.pdf',
      content_type: 'application/pdf',
      size: pdfBytes.length,
    });
    const [row] = await documentRows(owner.merchantId);
    expect(row?.storage_key).toMatch(/^[a-f0-9]{32}$/);
    expect(storedFiles(server.config.dataDir).some((file) => file.endsWith(row?.storage_key ?? '?'))).toBe(
      true,
    );

    const download = await api(server.app, 'GET', '/api/merchants/onboarding/documents/{id}/', {
      params: { id: sent.body.id },
      token: owner.token,
    });
    expectStatus(download, 200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toBe("inline; filename*=UTF-8''passwd.pdf");
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.raw.rawPayload.equals(pdfBytes)).toBe(true);

    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(state, 200);
    expect(state.body.documents).toEqual([sent.body]);

    // Another merchant sees nothing: 404 for reading and deleting, and the file stays.
    const other = await onboardingOwner(server.app, server.db);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/onboarding/documents/{id}/', {
          params: { id: sent.body.id },
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(server.app, 'DELETE', '/api/merchants/onboarding/documents/{id}/', {
          params: { id: sent.body.id },
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect(await documentRows(owner.merchantId)).toHaveLength(1);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/onboarding/documents/{id}/', {
          params: { id: sent.body.id },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/onboarding/documents/{id}/', {
          params: { id: 'not-a-uuid' },
          token: owner.token,
        })
      ).status,
    ).toBe(400);
  });

  it('goes by the content, not the name: PNG bytes named .pdf are stored as PNG', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const sent = await upload(server.app, owner.token, {
      content: pngBytes,
      filename: 'passport.pdf',
      contentType: 'application/pdf',
    });
    expectStatus(sent, 201);
    expect(sent.body.content_type).toBe('image/png');
    const jpeg = await upload(
      server.app,
      owner.token,
      { content: jpegBytes, filename: 'bill.png' },
      'proof_of_address',
    );
    expectStatus(jpeg, 201);
    expect(jpeg.body.content_type).toBe('image/jpeg');
  });

  const refused: [string, { content: Buffer; filename: string }, string | null, number, string][] = [
    [
      'an EXE renamed .pdf',
      { content: exeBytes, filename: 'invoice.pdf' },
      'other',
      400,
      'unsupported_file_type',
    ],
    [
      'plain text',
      { content: Buffer.from('hello, world'), filename: 'a.pdf' },
      'other',
      400,
      'unsupported_file_type',
    ],
    ['an empty file', { content: Buffer.alloc(0), filename: 'a.pdf' }, 'other', 400, 'unsupported_file_type'],
    [
      'an unknown document type',
      { content: pdfBytes, filename: 'a.pdf' },
      'selfie',
      400,
      'validation_failed',
    ],
    ['no document type', { content: pdfBytes, filename: 'a.pdf' }, null, 400, 'validation_failed'],
    [
      'a file over the limit',
      { content: Buffer.concat([pdfBytes, Buffer.alloc(70 * 1024, 32)]), filename: 'big.pdf' },
      'other',
      413,
      'payload_too_large',
    ],
  ];
  it.each(refused)('refuses %s with nothing stored', async (_name, file, type, status, code) => {
    const owner = await onboardingOwner(server.app, server.db);
    const filesBefore = storedFiles(server.config.dataDir);
    const sent = await uploadWithBadInput(server.app, owner.token, file, type);
    expect(sent.status).toBe(status);
    expect(errorOf(sent).code).toBe(code);
    expect(await documentRows(owner.merchantId)).toEqual([]);
    expect(storedFiles(server.config.dataDir)).toEqual(filesBefore);
  });

  it('says the configured limit when a file is over it, for the app to quote', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const big = { content: Buffer.concat([pdfBytes, Buffer.alloc(70 * 1024, 32)]), filename: 'big.pdf' };
    const sent = await uploadWithBadInput(server.app, owner.token, big, 'other');
    expect(sent.status).toBe(413);
    expect(errorOf(sent)).toMatchObject({
      code: 'payload_too_large',
      message: 'The file is larger than 0.1 MB. Choose a smaller file.',
      details: { max_bytes: 64 * 1024 },
    });
  });

  it('takes files far larger than the JSON body limit, up to the upload limit', async () => {
    const roomy = await server.buildVariant({ uploadLimitBytes: 10 * 1024 * 1024 });
    const owner = await onboardingOwner(roomy, server.db);
    const big = Buffer.concat([pdfBytes, Buffer.alloc(2 * 1024 * 1024, 32)]);
    const sent = await upload(roomy, owner.token, { content: big, filename: 'scan.pdf' }, 'other');
    expectStatus(sent, 201);
    expect(sent.body.size).toBe(big.length);
  });

  it('refuses a JSON body and an upload without a file', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const json = await apiWithBadInput(server.app, 'POST', '/api/merchants/onboarding/documents/', {
      token: owner.token,
      body: { type: 'other' },
    });
    expectStatus(json, 400);
    // Nothing at all: no session, no body, not even the merchant-mode header.
    const anonymous = await apiWithBadInput(server.app, 'POST', '/api/merchants/onboarding/documents/', {
      merchantMode: false,
    });
    expectStatus(anonymous, 401);
  });

  it('deletes a document and its file while the onboarding is editable', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const sent = await upload(server.app, owner.token, { content: pdfBytes, filename: 'id.pdf' });
    expectStatus(sent, 201);
    const [row] = await documentRows(owner.merchantId);
    const deleted = await api(server.app, 'DELETE', '/api/merchants/onboarding/documents/{id}/', {
      params: { id: sent.body.id },
      token: owner.token,
    });
    expectStatus(deleted, 204);
    expect(await documentRows(owner.merchantId)).toEqual([]);
    expect(storedFiles(server.config.dataDir).some((file) => file.endsWith(row?.storage_key ?? '?'))).toBe(
      false,
    );
    expect(
      (
        await api(server.app, 'DELETE', '/api/merchants/onboarding/documents/{id}/', {
          params: { id: sent.body.id },
          token: owner.token,
        })
      ).status,
    ).toBe(404);
  });

  it('refuses uploads and deletions once the onboarding is in review', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const sent = await upload(server.app, owner.token, { content: pdfBytes, filename: 'id.pdf' });
    expectStatus(sent, 201);
    await server.db
      .updateTable('merchants')
      .set({ status: 'in_review' })
      .where('id', '=', owner.merchantId)
      .execute();
    const filesBefore = storedFiles(server.config.dataDir);
    const more = await upload(server.app, owner.token, { content: pdfBytes, filename: 'more.pdf' }, 'other');
    expectStatus(more, 409);
    expect(more.body.error.code).toBe('onboarding_locked');
    const deleted = await api(server.app, 'DELETE', '/api/merchants/onboarding/documents/{id}/', {
      params: { id: sent.body.id },
      token: owner.token,
    });
    expectStatus(deleted, 409);
    expect(await documentRows(owner.merchantId)).toHaveLength(1);
    expect(storedFiles(server.config.dataDir)).toEqual(filesBefore);
  });

  it('tracks the required documents of the legal form', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await api(server.app, 'PUT', '/api/merchants/onboarding/company/', {
      token: owner.token,
      body: { ...company, legal_form: 'sole_trader' },
    });
    for (const type of ['tax_registration', 'representative_id'] as const) {
      await upload(server.app, owner.token, { content: pdfBytes, filename: `${type}.pdf` }, type);
    }
    const partial = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(partial, 200);
    expect(partial.body.required_documents).toEqual([
      'tax_registration',
      'representative_id',
      'proof_of_address',
    ]);
    expect(partial.body.completed_steps).not.toContain('documents');
    await upload(server.app, owner.token, { content: pngBytes, filename: 'bill.png' }, 'proof_of_address');
    const done = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(done, 200);
    expect(done.body.completed_steps).toContain('documents');
  });
});

describe('company logo', () => {
  it('takes a PNG or JPEG, replaces the previous logo, and refuses a PDF', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const url = '/api/merchants/onboarding/company_logo/';
    const first = await uploadLogo(server.app, owner.token, { content: pngBytes, filename: 'logo.png' }, url);
    expectStatus(first, 201);
    expect(first.body).toMatchObject({ type: 'company_logo', content_type: 'image/png' });
    const second = await uploadLogo(
      server.app,
      owner.token,
      { content: jpegBytes, filename: 'logo.jpg' },
      url,
    );
    expectStatus(second, 201);
    const pdf = await uploadLogo(server.app, owner.token, { content: pdfBytes, filename: 'logo.png' }, url);
    expectStatus(pdf, 400);
    expect(pdf.body.error.code).toBe('unsupported_file_type');
    const rows = await documentRows(owner.merchantId);
    expect(rows.map((row) => row.id)).toEqual([second.body.id]);
    const state = await api(server.app, 'GET', '/api/merchants/onboarding/', { token: owner.token });
    expectStatus(state, 200);
    expect(state.body.logo).toEqual(second.body);
    expect(state.body.documents).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiWithBadInput, bodyOf, errorOf, expectStatus, type JsonBodyOf } from './client';
import { startTestServer, type TestServer } from './harness';
import { jpegImage, pngImage } from './kycImages';
import { exeBytes, onboardingOwner, pdfBytes, representative, storedFiles } from './onboardingFixtures';
import { stepUpHeaders, stepUpToken } from './stepUp';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ UPLOAD_LIMIT_BYTES: String(256 * 1024) });
});
afterAll(async () => {
  await server.close();
});

const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
type KycDocument = JsonBodyOf<'POST', '/api/merchants/kyc/initiate/'>;
const document = {
  document_type: 'id_card',
  document_number: 'ak 123456',
  expiry_date: nextYear,
  first_name: 'ELENI',
  last_name: 'Papadopoulou',
} satisfies KycDocument;

/** An owner in onboarding whose representative step is saved (Eleni Papadopoulou). */
async function owner() {
  const created = await onboardingOwner(server.app, server.db);
  const saved = await api(server.app, 'PUT', '/api/merchants/onboarding/representative/', {
    token: created.token,
    body: representative,
  });
  expectStatus(saved, 200);
  return created;
}

/** kycInitiate with a fresh step-up grant (a one-time code from the outbox), as the app does. */
async function initiate(token: string, body: KycDocument = document) {
  const grant = await stepUpToken(server, token, 'identity_verification');
  return api(server.app, 'POST', '/api/merchants/kyc/initiate/', {
    token,
    body,
    headers: stepUpHeaders(grant),
  });
}

/** Deliberately bad input: a body of any shape, with a fresh grant. */
async function initiateWithBadInput(token: string, body: unknown) {
  const grant = await stepUpToken(server, token, 'identity_verification');
  return apiWithBadInput(server.app, 'POST', '/api/merchants/kyc/initiate/', {
    token,
    body,
    headers: stepUpHeaders(grant),
  });
}

function sendImage(
  token: string,
  id: string,
  side: 'front' | 'back' | 'selfie',
  content: Buffer,
  filename = 'photo.jpg',
) {
  return api(server.app, 'POST', '/api/merchants/kyc/{id}/images/', {
    params: { id },
    token,
    form: { side, file: { filename, content, contentType: 'image/jpeg' } },
  });
}

/** Deliberately bad input: any side, or none at all (`side` null). */
function sendImageWithBadInput(token: string, id: string, side: string | null, content: Buffer) {
  return apiWithBadInput(server.app, 'POST', '/api/merchants/kyc/{id}/images/', {
    params: { id },
    token,
    form: {
      ...(side === null ? {} : { side }),
      file: { filename: 'photo.jpg', content, contentType: 'image/jpeg' },
    },
  });
}

async function rows(merchantId: string) {
  const verifications = await server.db
    .selectFrom('kyc_verifications' as never)
    .selectAll()
    .where('merchant_id' as never, '=', merchantId as never)
    .execute();
  return verifications as { id: string }[];
}

async function imageCount(): Promise<number> {
  const result = await server.db
    .selectFrom('kyc_images' as never)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(result.n);
}

describe('identity verification', () => {
  it('lists the criteria', async () => {
    const { token } = await owner();
    const criteria = await api(server.app, 'GET', '/api/merchants/kyc/criteria/', { token });
    expectStatus(criteria, 200);
    expect(criteria.body).toMatchObject({
      document_types: [
        { type: 'passport', sides: ['front'] },
        { type: 'id_card', sides: ['front', 'back'] },
        { type: 'driving_licence', sides: ['front', 'back'] },
      ],
      image: {
        content_types: ['image/jpeg', 'image/png'],
        min_width: 600,
        min_height: 400,
        max_bytes: 256 * 1024,
      },
      selfie_required: true,
      expiry_must_be_future: true,
      name_must_match_representative: true,
    });
    expect((await api(server.app, 'GET', '/api/merchants/kyc/criteria/')).status).toBe(401);
  });

  it('passes an id card with front, back and selfie whose name matches the representative', async () => {
    const { token } = await owner();
    expect((await api(server.app, 'GET', '/api/merchants/kyc/', { token })).body).toEqual({
      verification: null,
    });
    const started = await initiate(token);
    expectStatus(started, 201);
    const id = started.body.id;

    const front = await sendImage(token, id, 'front', pngImage(800, 500), 'front.png');
    expectStatus(front, 201);
    expect(front.body).toMatchObject({ side: 'front', content_type: 'image/png', width: 800, height: 500 });
    // Portrait photos count too: 600 × 400 in either orientation.
    expect((await sendImage(token, id, 'back', jpegImage(400, 600))).body).toMatchObject({
      content_type: 'image/jpeg',
      width: 400,
      height: 600,
    });
    // A second capture of a side replaces the first.
    expect((await sendImage(token, id, 'back', jpegImage(1200, 800))).status).toBe(201);
    expect((await sendImage(token, id, 'selfie', jpegImage(720, 1280))).status).toBe(201);

    const evaluated = await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
      params: { id },
      token,
    });
    expectStatus(evaluated, 200);
    expect(evaluated.body.status).toBe('passed');
    expect(evaluated.body.checks).toEqual([
      { criterion: 'images_complete', passed: true },
      { criterion: 'image_type', passed: true },
      { criterion: 'image_dimensions', passed: true },
      { criterion: 'document_not_expired', passed: true },
      { criterion: 'name_matches_representative', passed: true },
    ]);

    const status = await api(server.app, 'GET', '/api/merchants/kyc/', { token });
    expectStatus(status, 200);
    expect(status.body.verification).toMatchObject({
      id,
      document_number: 'AK 123456',
      status: 'passed',
      required_sides: ['front', 'back', 'selfie'],
    });
    expect(status.body.verification?.images.map((image: { side: string }) => image.side).sort()).toEqual([
      'back',
      'front',
      'selfie',
    ]);
    // Passed is final: no more captures.
    expect((await sendImage(token, id, 'front', pngImage(800, 500))).status).toBe(409);
  });

  it('fails an incomplete passport capture and says which check failed', async () => {
    const { token } = await owner();
    const id = bodyOf(await initiate(token, { ...document, document_type: 'passport' }), 201).id;
    // A passport has no back.
    expect((await sendImage(token, id, 'back', pngImage(800, 600))).status).toBe(400);
    expect((await sendImage(token, id, 'front', pngImage(800, 600))).status).toBe(201);
    const evaluated = await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
      params: { id },
      token,
    });
    expectStatus(evaluated, 200);
    expect(evaluated.body.status).toBe('failed');
    expect(evaluated.body.checks).toContainEqual({ criterion: 'images_complete', passed: false });
    expect(evaluated.body.checks).toContainEqual({ criterion: 'name_matches_representative', passed: true });

    // Retry: the missing selfie, then evaluate again.
    expect((await sendImage(token, id, 'selfie', pngImage(600, 400))).status).toBe(201);
    const again = await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
      params: { id },
      token,
    });
    expectStatus(again, 200);
    expect(again.body.status).toBe('passed');
  });

  it('fails when the name differs from the saved representative', async () => {
    const { token } = await owner();
    const id = bodyOf(
      await initiate(token, { ...document, document_type: 'passport', first_name: 'Maria' }),
      201,
    ).id;
    await sendImage(token, id, 'front', pngImage(800, 600));
    await sendImage(token, id, 'selfie', pngImage(800, 600));
    const evaluated = await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
      params: { id },
      token,
    });
    expectStatus(evaluated, 200);
    expect(evaluated.body.status).toBe('failed');
    expect(evaluated.body.checks).toEqual(
      expect.arrayContaining([
        { criterion: 'images_complete', passed: true },
        { criterion: 'name_matches_representative', passed: false },
      ]),
    );
  });

  it('fails a document that expired after it was entered', async () => {
    const created = await owner();
    const id = bodyOf(await initiate(created.token, { ...document, document_type: 'passport' }), 201).id;
    await sendImage(created.token, id, 'front', pngImage(800, 600));
    await sendImage(created.token, id, 'selfie', pngImage(800, 600));
    // Time passes: the document's expiry date is now behind us.
    await server.db
      .updateTable('kyc_verifications' as never)
      .set({ expiry_date: '2020-01-01' } as never)
      .where('id' as never, '=', id as never)
      .execute();
    const evaluated = await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
      params: { id },
      token: created.token,
    });
    expectStatus(evaluated, 200);
    expect(evaluated.body.status).toBe('failed');
    expect(evaluated.body.checks).toContainEqual({ criterion: 'document_not_expired', passed: false });
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const created = await owner();
    const { token } = created;
    const invalid = [
      { ...document, expiry_date: '2020-01-01' },
      { ...document, expiry_date: '2030-02-30' },
      { ...document, document_type: 'library_card' },
      { ...document, first_name: 'Ελένη' },
      { ...document, last_name: 'x'.repeat(51) },
      { ...document, document_number: '' },
      { ...document, document_number: 'AB#12' },
      {},
    ];
    for (const body of invalid) {
      const answer = await initiateWithBadInput(token, body);
      expectStatus(answer, 400, JSON.stringify(body));
      expect(answer.body.error.code).toBe('validation_failed');
    }
    expect(await rows(created.merchantId)).toHaveLength(0);

    const id = bodyOf(await initiate(token), 201).id;
    const filesBefore = storedFiles(server.config.dataDir).length;
    const imagesBefore = await imageCount();
    const tooSmall = await sendImage(token, id, 'front', pngImage(599, 400));
    expectStatus(tooSmall, 400);
    expect(tooSmall.body.error.details).toEqual({ width: 599, height: 400 });
    expect((await sendImage(token, id, 'front', jpegImage(500, 500))).status).toBe(400);
    const pdf = await sendImage(token, id, 'front', pdfBytes, 'scan.jpg');
    expectStatus(pdf, 400);
    expect(pdf.body.error.code).toBe('unsupported_file_type');
    expect(errorOf(await sendImage(token, id, 'front', exeBytes, 'photo.png')).code).toBe(
      'unsupported_file_type',
    );
    expect((await sendImage(token, id, 'front', Buffer.alloc(0))).status).toBe(400);
    expect((await sendImageWithBadInput(token, id, 'left', pngImage(800, 600))).status).toBe(400);
    expect((await sendImageWithBadInput(token, id, null, pngImage(800, 600))).status).toBe(400);
    const huge = await sendImage(
      token,
      id,
      'front',
      Buffer.concat([pngImage(800, 600), Buffer.alloc(300 * 1024)]),
    );
    expectStatus(huge, 413);
    expect((await sendImage(token, 'not-a-uuid', 'front', pngImage(800, 600))).status).toBe(400);
    expect(storedFiles(server.config.dataDir)).toHaveLength(filesBefore);
    expect(await imageCount()).toBe(imagesBefore);
  });

  it("answers 404 for another merchant's verification and leaves it alone", async () => {
    const first = await owner();
    const id = bodyOf(await initiate(first.token), 201).id;
    await sendImage(first.token, id, 'front', pngImage(800, 600));
    const other = await owner();
    expect((await sendImage(other.token, id, 'front', pngImage(800, 600))).status).toBe(404);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
          params: { id },
          token: other.token,
        })
      ).status,
    ).toBe(404);
    expect((await api(server.app, 'GET', '/api/merchants/kyc/', { token: other.token })).body).toEqual({
      verification: null,
    });
    const mine = await api(server.app, 'GET', '/api/merchants/kyc/', { token: first.token });
    expectStatus(mine, 200);
    expect(mine.body.verification?.images).toHaveLength(1);
    expect(mine.body.verification?.status).toBe('pending');
  });

  it('needs a fresh, unused step-up grant to start a verification', async () => {
    const created = await owner();
    const without = await api(server.app, 'POST', '/api/merchants/kyc/initiate/', {
      token: created.token,
      body: document,
    });
    expectStatus(without, 403);
    expect(without.body.error.code).toBe('step_up_required');
    expect(await rows(created.merchantId)).toHaveLength(0);

    const grant = await stepUpToken(server, created.token, 'identity_verification');
    const headers = stepUpHeaders(grant);
    const first = await api(server.app, 'POST', '/api/merchants/kyc/initiate/', {
      token: created.token,
      body: document,
      headers,
    });
    expectStatus(first, 201);
    const reused = await api(server.app, 'POST', '/api/merchants/kyc/initiate/', {
      token: created.token,
      body: document,
      headers,
    });
    expectStatus(reused, 403);
    expect(reused.body.error.code).toBe('step_up_required');
    expect(await rows(created.merchantId)).toHaveLength(1);
  });

  it('closes the writes once the merchant is in review', async () => {
    const created = await owner();
    const id = bodyOf(await initiate(created.token), 201).id;
    await server.db
      .updateTable('merchants')
      .set({ status: 'in_review' })
      .where('id', '=', created.merchantId)
      .execute();
    expect((await initiate(created.token)).status).toBe(409);
    expect((await sendImage(created.token, id, 'front', pngImage(800, 600))).status).toBe(409);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
          params: { id },
          token: created.token,
        })
      ).status,
    ).toBe(409);
    expect((await api(server.app, 'GET', '/api/merchants/kyc/', { token: created.token })).status).toBe(200);
  });
});

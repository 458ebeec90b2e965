// @vitest-environment jsdom
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { UploadInput } from '../../machines/onboarding.machine';
import { createApiClient } from '../../src/api/client';
import { onboardingActors } from '../../src/app/onboardingActors';

// The document upload goes out through XMLHttpRequest (for its progress) in a browser: the same headers as the
// openapi-fetch client sends, and the same ApiFailure on an error answer. jsdom's XHR against a local server.

type Seen = { headers: IncomingHttpHeaders; body: string };
let server: Server;
let baseUrl: string;
const seen: Seen[] = [];

/** The file's own size: the multipart body around it is larger. */
const input13Bytes = 13;

const document = {
  id: '00000000-0000-4000-8000-00000000d009',
  type: 'certificate_of_registration',
  file_name: 'certificate.pdf',
  content_type: 'application/pdf',
  size: 13,
  uploaded_at: '2026-01-14T10:00:00.000Z',
};

beforeAll(async () => {
  server = createServer((request, response) => {
    // jsdom runs at another origin: answer the preflight and allow the answer to be read.
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', 'authorization, x-merchant-mode, accept');
    response.setHeader('Access-Control-Allow-Methods', 'POST');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({ headers: request.headers, body: Buffer.concat(chunks).toString('latin1') });
      const failing = request.headers.authorization === 'Bearer too-large';
      response.writeHead(failing ? 413 : 201, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(
          failing
            ? {
                error: { code: 'payload_too_large', message: 'The file is too large.', details: { max: 10 } },
              }
            : document,
        ),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

function upload(token: string, url = baseUrl) {
  const client = createApiClient({ hooks: () => ({ getAccessToken: () => token }), baseUrl: url });
  const progress: Array<[number, number]> = [];
  const input: UploadInput = {
    merchantId: document.id,
    kind: 'certificate_of_registration',
    file: new File(['%PDF-1.7 test'], 'certificate.pdf', { type: 'application/pdf' }),
    onProgress: (loaded, total) => progress.push([loaded, total]),
  };
  const actor = createActor(onboardingActors(client).uploadDocument, { input });
  actor.start();
  return { done: toPromise(actor), progress };
}

describe('document upload through XMLHttpRequest', () => {
  it('sends the multipart form with the bearer token and answers the stored document', async () => {
    seen.length = 0;
    const { done, progress } = upload('token-1');
    await expect(done).resolves.toEqual(document);
    const request = seen.at(-1)!;
    expect(request.headers.authorization).toBe('Bearer token-1');
    expect(request.headers['x-merchant-mode']).toBe('true');
    expect(request.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request.body).toContain('name="type"');
    expect(request.body).toContain('certificate_of_registration');
    expect(request.body).toContain('filename="certificate.pdf"');
    expect(request.body).toContain('%PDF-1.7 test');
    // The upload reported its progress, up to the whole multipart body.
    expect(progress.length).toBeGreaterThan(0);
    for (const [loaded, total] of progress) expect(loaded).toBeLessThanOrEqual(total);
    const [loaded, total] = progress.at(-1)!;
    expect(loaded).toBe(total);
    expect(total).toBeGreaterThan(input13Bytes);
  });

  it('turns an error answer into the ApiFailure the machine understands', async () => {
    const { done } = upload('too-large');
    await expect(done).rejects.toEqual({
      kind: 'http',
      status: 413,
      code: 'payload_too_large',
      message: 'The file is too large.',
      details: { max: 10 },
    });
  });

  it('reports no answer as a network failure', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    await expect(upload('token-1', url).done).rejects.toEqual({ kind: 'network' });
  });
});

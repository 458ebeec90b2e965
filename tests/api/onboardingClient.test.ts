import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { onboardingMachine } from '../../machines/onboarding.machine';
import { createApiClient } from '../../src/api/client';
import { onboardingActors, onboardingServices } from '../../src/app/onboardingActors';
import { startTestServer, type TestServer } from './harness';
import { passKyc } from './kycPass';
import { ikeDocuments, onboardingOwner, pdfBytes, pngBytes, steps } from './onboardingFixtures';

// The app's own onboarding effects (src/app/onboardingActors.ts) and journey, against the real server: what the
// screens send is what the endpoints accept, multipart uploads included.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** The app's API client, answered by the Fastify app in process. */
function clientFor(token: string) {
  return createApiClient({
    hooks: () => ({ getAccessToken: () => token }),
    baseUrl: 'http://tameio.test',
    fetch: async (request) => {
      const url = new URL(request.url);
      const response = await server.app.inject({
        method: request.method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: Object.fromEntries(request.headers.entries()),
        ...(request.body ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
      });
      return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), {
        status: response.statusCode,
        headers: response.headers as Record<string, string>,
      });
    },
  });
}

describe('the onboarding journey with the app’s effects', () => {
  it('loads, saves every step, uploads and deletes documents, refuses an incomplete submission, then submits', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const client = clientFor(owner.token);
    const journey = createActor(onboardingMachine.provide({ actors: onboardingActors(client) }), {
      input: { merchantId: owner.merchantId },
    });
    journey.start();

    const opened = await waitFor(journey, (s) => s.matches('opening'));
    expect(opened.context.data?.merchant.status).toBe('onboarding');
    expect(opened.context.reference?.countries.some((country) => country.code === 'GR')).toBe(true);
    expect(opened.context.reference?.legalForms.length).toBeGreaterThan(0);

    journey.send({ type: 'step.open', step: 'review' });
    journey.send({ type: 'review.submit' });
    const refused = await waitFor(journey, (s) => s.matches('review') && s.context.error !== null);
    expect(refused.context.error).toBe('onboarding_incomplete');
    expect(Object.keys(refused.context.fieldErrors)).toContain('representative');
    expect(Object.keys(refused.context.fieldErrors)).toContain('identity_verification');

    journey.send({ type: 'step.edit', step: 'representative' });
    journey.send({ type: 'representative.save', values: { ...steps.representative, first_name: 'Ελένη' } });
    const invalid = await waitFor(
      journey,
      (s) => s.matches({ representative: 'editing' }) && s.context.error !== null,
    );
    expect(invalid.context.error).toBe('validation_failed');
    expect(Object.keys(invalid.context.fieldErrors)).toContain('first_name');

    journey.send({ type: 'representative.save', values: steps.representative });
    await waitFor(journey, (s) => s.matches('review'));
    for (const step of ['company', 'directors', 'shareholders', 'funding'] as const) {
      journey.send({ type: 'step.edit', step });
      journey.send({ type: `${step}.save`, values: steps[step] } as never);
      const back = await waitFor(journey, (s) => s.matches('review') || s.context.error !== null);
      expect(back.context.error, step).toBeNull();
    }

    journey.send({ type: 'step.edit', step: 'documents' });
    for (const type of ikeDocuments) {
      const file = new File([pdfBytes], `${type}.pdf`, { type: 'application/pdf' });
      journey.send({ type: 'document.upload', kind: type, file });
      const done = await waitFor(journey, (s) => s.matches({ documents: 'idle' }));
      expect(done.context.error, type).toBeNull();
    }
    const uploaded = journey.getSnapshot().context.data?.documents ?? [];
    expect(uploaded.map((doc) => doc.type).sort()).toEqual([...ikeDocuments].sort());

    const logo = await onboardingServices(client).uploadCompanyLogo(
      new File([pngBytes], 'logo.png', { type: 'image/png' }),
    );
    expect(logo).toMatchObject({ type: 'company_logo', content_type: 'image/png' });

    const preview = await onboardingServices(client).downloadDocument(uploaded[0]!.id);
    expect(Buffer.from(await preview.arrayBuffer()).equals(pdfBytes)).toBe(true);

    journey.send({ type: 'document.delete', documentId: uploaded[0]!.id });
    const deleted = await waitFor(journey, (s) => s.matches({ documents: 'idle' }));
    expect(deleted.context.data?.documents).toHaveLength(ikeDocuments.length - 1);
    journey.send({
      type: 'document.upload',
      kind: uploaded[0]!.type as (typeof ikeDocuments)[number],
      file: new File([pdfBytes], 'again.pdf', { type: 'application/pdf' }),
    });
    await waitFor(journey, (s) => s.matches({ documents: 'idle' }));
    journey.send({ type: 'documents.continue' });
    await waitFor(journey, (s) => s.matches('review'));

    // Every step is complete, but the representative's identity is not verified yet.
    journey.send({ type: 'review.submit' });
    const unverified = await waitFor(journey, (s) => s.matches('review') && s.context.error !== null);
    expect(unverified.context.error).toBe('onboarding_incomplete');
    expect(Object.keys(unverified.context.fieldErrors)).toEqual(['identity_verification']);

    await passKyc(server, owner.token);
    journey.send({ type: 'review.submit' });
    const submitted = await waitFor(journey, (s) => s.status === 'done' || s.context.error !== null);
    expect(submitted.context.error).toBeNull();
    expect(submitted.context.data?.merchant.status).toBe('in_review');
    journey.stop();
  });
});

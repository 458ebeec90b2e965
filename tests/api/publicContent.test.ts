import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalVersions } from '../../schemas/registration.schema';
import { loadConfig } from '../../server/config';
import { api, apiWithBadInput, expectStatus, type JsonBodyOf } from './client';
import { createOwner, signIn, startTestServer, type TestServer } from './harness';
import { employeeToken, merchantWithAccount } from './money';
import { databaseDigest } from './tableDigest';

/** Public pages' content: FAQ in both languages, legal versions, app links; accepting the legal texts. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const greek = /[\u0370-\u03ff]/;

describe('the FAQ quotes the configured numbers', () => {
  it('says what the server is set to, in both languages, and leaves no placeholder', async () => {
    const answerOf = async (app: TestServer['app'], id: string) => {
      const response = await api(app, 'GET', '/api/faq/');
      expectStatus(response, 200);
      for (const item of response.body.items) {
        expect(item.answer.en, item.id).not.toMatch(/\{\w+\}/);
        expect(item.answer.el, item.id).not.toMatch(/\{\w+\}/);
      }
      const found = response.body.items.find((item) => item.id === id);
      if (!found) throw new Error(`no FAQ entry ${id}`);
      return found.answer;
    };
    const defaults = await answerOf(server.app, 'sign-in-codes');
    expect(defaults.en).toContain('wallet payments of 100 EUR or more');
    expect(defaults.en).toContain('for 5 minutes');
    expect(defaults.el).toContain('για 5 λεπτά');
    expect((await answerOf(server.app, 'signed-out-idle')).en).toContain(
      'after 15 minutes without activity; 30 seconds before',
    );

    const changed = await startTestServer({
      OTP_TTL_SECONDS: '600',
      IDLE_TIMEOUT_SECONDS: '1800',
      REFRESH_TTL_SECONDS: '28800',
    });
    try {
      const codes = await answerOf(changed.app, 'sign-in-codes');
      expect(codes.en).toContain('for 10 minutes');
      expect(codes.el).toContain('για 10 λεπτά');
      const idle = await answerOf(changed.app, 'signed-out-idle');
      expect(idle.en).toContain('after 30 minutes without activity');
      expect(idle.en).toContain('after 8 hours in any case');
      expect(idle.el).toContain('μετά από 8 ώρες');
    } finally {
      await changed.close();
    }
  });
});

describe('public content, no sign-in needed', () => {
  it('the FAQ: at least 12 entries, each in English and Greek, every category named in both', async () => {
    const response = await api(server.app, 'GET', '/api/faq/');
    expectStatus(response, 200);
    const { items, categories } = response.body;
    expect(items.length).toBeGreaterThanOrEqual(12);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    const categoryIds = new Set(categories.map((c) => c.id));
    for (const item of items) {
      expect(categoryIds.has(item.category), item.id).toBe(true);
      for (const text of [item.question, item.answer]) {
        expect(text.en.trim().length, item.id).toBeGreaterThan(10);
        expect(text.el.trim().length, item.id).toBeGreaterThan(10);
        expect(text.el, item.id).toMatch(greek);
        expect(text.en, item.id).not.toMatch(greek);
      }
      expect(item.question.en.endsWith('?'), item.id).toBe(true);
      // The Greek question mark is ";".
      expect(item.question.el.endsWith(';'), item.id).toBe(true);
    }
    for (const category of categories) {
      expect(category.title.el).toMatch(greek);
      expect(
        items.some((item) => item.category === category.id),
        category.id,
      ).toBe(true);
    }
    // The topics SPEC §2's FAQ page is expected to answer.
    const text = items
      .map((item) => `${item.question.en} ${item.answer.en}`)
      .join(' ')
      .toLowerCase();
    for (const topic of ['top up', 'send money', 'card', 'limit', 'plan', 'one-time code', 'invite']) {
      expect(text, topic).toContain(topic);
    }
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('legal documents: the current versions, as registration records them', async () => {
    const response = await api(server.app, 'GET', '/api/legal_documents/');
    expectStatus(response, 200);
    expect(response.body.documents).toEqual([
      {
        document: 'terms_of_use',
        version: legalVersions.terms_of_use,
        effective_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        path: '/terms-of-use',
      },
      {
        document: 'privacy_policy',
        version: legalVersions.privacy_policy,
        effective_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        path: '/privacy-policy',
      },
    ]);
  });

  it('download-app: the store links, configurable', async () => {
    const response = await api(server.app, 'GET', '/api/download_app/');
    expectStatus(response, 200);
    expect(response.body.app_store_url).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(response.body.play_store_url).toMatch(/^https:\/\/play\.google\.com\//);
    const variant = await server.buildVariant({
      appStoreUrl: 'https://apps.apple.com/app/id1',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=test',
    });
    const configured = await api(variant, 'GET', '/api/download_app/');
    expect(configured.body).toEqual({
      app_store_url: 'https://apps.apple.com/app/id1',
      play_store_url: 'https://play.google.com/store/apps/details?id=test',
    });
    expect(() =>
      loadConfig({ DATA_DIR: server.config.dataDir, APP_STORE_URL: 'http://apps.example' }),
    ).toThrow(/APP_STORE_URL/);
    expect(() => loadConfig({ DATA_DIR: server.config.dataDir, PLAY_STORE_URL: 'not a url' })).toThrow(
      /PLAY_STORE_URL/,
    );
    expect(
      loadConfig({ DATA_DIR: server.config.dataDir, APP_STORE_URL: 'https://example.com/app' }).appStoreUrl,
    ).toBe('https://example.com/app');
  });
});

describe('accepting the terms (SPEC §7 "accepting terms")', () => {
  const current = [
    { document: 'terms_of_use', version: legalVersions.terms_of_use },
    { document: 'privacy_policy', version: legalVersions.privacy_policy },
  ] satisfies JsonBodyOf<'POST', '/api/merchants/accounts/accept_terms/'>['documents'];
  const rowsOf = async (userId: string) =>
    server.db
      .selectFrom('legal_acceptances')
      .select(['document', 'version', 'ip'])
      .where('user_id', '=', userId)
      .orderBy('document')
      .execute();

  it('pending until the current versions are accepted; accepting twice records once', async () => {
    const owner = await createOwner(server.db);
    const { accessToken: token } = await signIn(server.app, owner.email, owner.password);
    // An older version accepted at some point: still pending.
    await server.db
      .insertInto('legal_acceptances')
      .values({
        user_id: owner.userId,
        document: 'terms_of_use',
        version: '2025-06',
        ip: null,
        user_agent: null,
      })
      .execute();
    const before = await api(server.app, 'GET', '/api/merchants/accounts/accept_terms/', { token });
    expectStatus(before, 200);
    expect(before.body.pending).toBe(true);
    expect(before.body.documents).toEqual([
      expect.objectContaining({ document: 'terms_of_use', accepted_version: '2025-06', pending: true }),
      expect.objectContaining({
        document: 'privacy_policy',
        accepted_version: null,
        accepted_at: null,
        pending: true,
      }),
    ]);

    const accepted = await api(server.app, 'POST', '/api/merchants/accounts/accept_terms/', {
      token,
      body: { documents: current },
      headers: { 'user-agent': 'AcceptTest/1.0' },
    });
    expectStatus(accepted, 200);
    expect(accepted.body.pending).toBe(false);
    expect(accepted.body.documents.map((d) => [d.document, d.accepted_version, d.pending])).toEqual([
      ['terms_of_use', legalVersions.terms_of_use, false],
      ['privacy_policy', legalVersions.privacy_policy, false],
    ]);
    const rows = await rowsOf(owner.userId);
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.ip === '127.0.0.1')).toHaveLength(2);

    const again = await api(server.app, 'POST', '/api/merchants/accounts/accept_terms/', {
      token,
      body: { documents: current },
    });
    expectStatus(again, 200);
    expect(again.body).toEqual(accepted.body);
    expect(await rowsOf(owner.userId)).toHaveLength(3);
  });

  it('an outdated version is 409 with the current one, and records nothing', async () => {
    const owner = await createOwner(server.db);
    const { accessToken: token } = await signIn(server.app, owner.email, owner.password);
    const before = await databaseDigest(server.db);
    const response = await api(server.app, 'POST', '/api/merchants/accounts/accept_terms/', {
      token,
      body: { documents: [{ document: 'privacy_policy', version: '2019-01' }] },
    });
    expectStatus(response, 409);
    expect(response.body.error).toMatchObject({
      code: 'conflict',
      details: { document: 'privacy_policy', current_version: legalVersions.privacy_policy },
      fields: { 'documents.0.version': expect.any(String) },
    });
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it.each([
    [{}, 'documents'],
    [{ documents: [] }, 'documents'],
    [{ documents: [{ document: 'cookies', version: '2026-01' }] }, 'documents.0.document'],
    [{ documents: [{ document: 'terms_of_use' }] }, 'documents.0.version'],
    [{ documents: [current[0], current[0]] }, 'documents'],
  ])('bad input %j is 400 on %s, and records nothing', async (body, field) => {
    const owner = await createOwner(server.db);
    const { accessToken: token } = await signIn(server.app, owner.email, owner.password);
    const before = await databaseDigest(server.db);
    const response = await apiWithBadInput(server.app, 'POST', '/api/merchants/accounts/accept_terms/', {
      token,
      body,
    });
    expectStatus(response, 400);
    expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('every signed-in user accepts for themselves: a viewer, a merchant still in review; nobody without a session', async () => {
    const merchant = await merchantWithAccount(server);
    const viewer = await employeeToken(server, merchant.merchantId, 'viewer');
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/accounts/accept_terms/', {
          token: viewer,
          body: { documents: current },
        })
      ).status,
    ).toBe(200);
    const inReview = await merchantWithAccount(server, { status: 'in_review' });
    expect(
      (await api(server.app, 'GET', '/api/merchants/accounts/accept_terms/', { token: inReview.token }))
        .status,
    ).toBe(200);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/accounts/accept_terms/', {
          token: inReview.token,
          body: { documents: current },
        })
      ).status,
    ).toBe(200);
    // The owner's acceptance is the owner's: the viewer's did not count for them.
    const owner = await api(server.app, 'GET', '/api/merchants/accounts/accept_terms/', {
      token: merchant.token,
    });
    expectStatus(owner, 200);
    expect(owner.body.pending).toBe(true);
    expect((await api(server.app, 'GET', '/api/merchants/accounts/accept_terms/')).status).toBe(401);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/accounts/accept_terms/', {
          body: { documents: current },
        })
      ).status,
    ).toBe(401);
  });
});

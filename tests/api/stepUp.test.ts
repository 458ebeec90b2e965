import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purgeExpired, retentionAfterExpiryMs } from '../../server/jobs/housekeeping';
import { api, apiWithBadInput, errorOf, expectStatus, type JsonBodyOf } from './client';
import { createOwner, latestCode, readOutbox, signIn, startTestServer, type TestServer } from './harness';
import { onboardingOwner } from './onboardingFixtures';
import { skipStepUpCooldown, stepUpHeaders, stepUpToken } from './stepUp';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const purpose = 'identity_verification';
const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;
const document = {
  document_type: 'passport',
  document_number: 'AK123456',
  expiry_date: nextYear,
  first_name: 'Eleni',
  last_name: 'Papadopoulou',
} satisfies JsonBodyOf<'POST', '/api/merchants/kyc/initiate/'>;

async function grants(userId: string) {
  return server.db.selectFrom('step_up_grants').selectAll().where('user_id', '=', userId).execute();
}

async function verifications(merchantId: string): Promise<number> {
  const rows = await server.db
    .selectFrom('kyc_verifications')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .execute();
  return rows.length;
}

function initiate(token: string, headers: Record<string, string> = {}) {
  return api(server.app, 'POST', '/api/merchants/kyc/initiate/', { token, body: document, headers });
}

describe('step-up: a fresh one-time code before a sensitive action', () => {
  it('lists the methods with masked destinations', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const answer = await api(server.app, 'GET', '/api/merchants/step-up/methods/', { token: owner.token });
    expectStatus(answer, 200);
    expect(answer.body.available_methods.map((m) => m.method)).toEqual(['email', 'sms']);
    expect(answer.body.available_methods[0]?.destination).not.toContain(owner.email);
  });

  it('rate-limits asking for codes, but not reading the methods', async () => {
    const limited = await server.buildVariant({ loginRateLimitPerMinute: 3 });
    try {
      const owner = await onboardingOwner(limited, server.db);
      for (let i = 0; i < 6; i += 1) {
        expect(
          (await api(limited, 'GET', '/api/merchants/step-up/methods/', { token: owner.token })).status,
        ).toBe(200);
      }
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const answer = await api(limited, 'POST', '/api/merchants/step-up/verify/', {
          token: owner.token,
          body: { purpose, code: '000000' },
        });
        statuses.push(answer.status);
      }
      // Three tries pass the limiter (and fail as wrong or expired codes); the fourth is refused by it.
      expect(statuses.slice(0, 3).every((status) => status === 400)).toBe(true);
      expect(statuses[3]).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('sends a code through the outbox, counts a wrong code, and gives a single-use grant for the right one', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const sent = await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose, method: 'sms' },
    });
    expectStatus(sent, 200);
    expect(sent.body).toMatchObject({ method: 'sms', expires_in: 300, resend_in: 30 });
    expect(sent.body.destination).toMatch(/\*+/);
    expect(sent.body.destination).not.toBe(owner.phone);
    const code = await latestCode(server.app, owner.phone as string);

    const again = await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose, method: 'sms' },
    });
    expectStatus(again, 429);
    expect(again.body.error.code).toBe('otp_cooldown');

    const wrong = code === '000000' ? '111111' : '000000';
    const refused = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose, code: wrong },
    });
    expectStatus(refused, 400);
    expect(refused.body.error).toMatchObject({ code: 'otp_invalid', details: { attempts_left: 4 } });
    const row = await server.db
      .selectFrom('otp_codes')
      .select('attempts')
      .where('purpose', '=', `step_up:${purpose}`)
      .where('binding', '=', owner.userId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);

    const verified = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose, code },
    });
    expectStatus(verified, 200);
    expect(verified.body.expires_in).toBe(300);
    const token = verified.body.step_up_token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await grants(owner.userId);
    expect(stored).toHaveLength(1);
    expect(stored[0]?.token_hash).not.toBe(token);

    const reusedCode = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose, code },
    });
    expectStatus(reusedCode, 400);

    expect((await initiate(owner.token, stepUpHeaders(token))).status).toBe(201);
    const reused = await initiate(owner.token, stepUpHeaders(token));
    expectStatus(reused, 403);
    expect(reused.body.error).toMatchObject({
      code: 'step_up_required',
      message: 'Confirm with a one-time code first.',
    });
    expect(await verifications(owner.merchantId)).toBe(1);
  });

  it('refuses kycInitiate without a grant, with an expired one, or with a made-up one, and creates nothing', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const missing = await initiate(owner.token);
    expectStatus(missing, 403);
    expect(missing.body.error.code).toBe('step_up_required');
    expect((await initiate(owner.token, stepUpHeaders('made-up'))).status).toBe(403);

    const token = await stepUpToken(server, owner.token, purpose);
    await server.db
      .updateTable('step_up_grants')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', owner.userId)
      .execute();
    const expired = await initiate(owner.token, stepUpHeaders(token));
    expectStatus(expired, 403);
    expect(expired.body.error.code).toBe('step_up_required');
    expect(await verifications(owner.merchantId)).toBe(0);
    // The refusal did not use the grant up, and neither did the expiry: it simply is no good.
    expect((await grants(owner.userId))[0]?.consumed_at).toBeNull();
  });

  it("refuses another user's grant and a grant for another purpose", async () => {
    const first = await onboardingOwner(server.app, server.db);
    const second = await onboardingOwner(server.app, server.db);
    const token = await stepUpToken(server, first.token, purpose);
    const stolen = await initiate(second.token, stepUpHeaders(token));
    expectStatus(stolen, 403);
    expect(stolen.body.error.code).toBe('step_up_required');
    expect(await verifications(second.merchantId)).toBe(0);

    await server.db
      .updateTable('step_up_grants')
      .set({ purpose: 'card_reveal' })
      .where('user_id', '=', first.userId)
      .execute();
    const otherPurpose = await initiate(first.token, stepUpHeaders(token));
    expectStatus(otherPurpose, 403);
    expect(await verifications(first.merchantId)).toBe(0);
  });

  it('asks for a new code once the code expired or the tries ran out', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose, method: 'email' },
    });
    const code = await latestCode(server.app, owner.email);
    const wrong = code === '000000' ? '111111' : '000000';
    let last = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose, code: wrong },
    });
    for (let i = 1; i < 5; i += 1) {
      last = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
        token: owner.token,
        body: { purpose, code: wrong },
      });
    }
    expect(errorOf(last).code).toBe('otp_exhausted');
    const afterLimit = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose, code },
    });
    expect(errorOf(afterLimit).code).toBe('otp_exhausted');

    await skipStepUpCooldown(server.db, owner.userId, purpose);
    await api(server.app, 'POST', '/api/merchants/step-up/', {
      token: owner.token,
      body: { purpose, method: 'email' },
    });
    const fresh = await latestCode(server.app, owner.email);
    await server.db
      .updateTable('otp_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('binding', '=', owner.userId)
      .execute();
    const expired = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
      token: owner.token,
      body: { purpose, code: fresh },
    });
    expectStatus(expired, 400);
    expect(expired.body.error.code).toBe('otp_expired');
    expect(await grants(owner.userId)).toHaveLength(0);
  });

  it('refuses a method the user does not have, an unknown purpose, bad codes, and no session', async () => {
    const created = await createOwner(server.db, { status: 'onboarding', phone: null });
    const session = await signIn(server.app, created.email, created.password);
    const token = session.accessToken;
    const methods = await api(server.app, 'GET', '/api/merchants/step-up/methods/', { token });
    expectStatus(methods, 200);
    expect(methods.body.available_methods).toHaveLength(1);
    const noPhone = await api(server.app, 'POST', '/api/merchants/step-up/', {
      token,
      body: { purpose, method: 'sms' },
    });
    expectStatus(noPhone, 400);
    expect(noPhone.body.error.code).toBe('mfa_method_unavailable');
    const before = (await readOutbox(server.app, created.email)).length;
    expect(
      (
        await apiWithBadInput(server.app, 'POST', '/api/merchants/step-up/', {
          token,
          body: { purpose: 'nope', method: 'email' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
          token,
          body: { purpose, code: '12ab' },
        })
      ).status,
    ).toBe(400);
    expect((await readOutbox(server.app, created.email)).length).toBe(before);

    expect((await api(server.app, 'GET', '/api/merchants/step-up/methods/')).status).toBe(401);
    expect(
      (await api(server.app, 'POST', '/api/merchants/step-up/', { body: { purpose, method: 'email' } }))
        .status,
    ).toBe(401);
    expect(
      (await api(server.app, 'POST', '/api/merchants/step-up/verify/', { body: { purpose, code: '123456' } }))
        .status,
    ).toBe(401);
  });

  it('keeps expired and used grants for the retention period only (housekeeping)', async () => {
    const owner = await createOwner(server.db, { status: 'onboarding' });
    const now = new Date();
    const longAgo = new Date(now.getTime() - retentionAfterExpiryMs - 3600_000);
    const recently = new Date(now.getTime() - 3600_000);
    const insert = (hash: string, expiresAt: Date, consumedAt: Date | null) =>
      server.db
        .insertInto('step_up_grants')
        .values({
          user_id: owner.userId,
          purpose,
          token_hash: hash,
          expires_at: expiresAt,
          consumed_at: consumedAt,
        })
        .execute();
    await insert('old-expired', longAgo, null);
    await insert('old-used', new Date(now.getTime() + 300_000), longAgo);
    await insert('recently-used', new Date(now.getTime() + 300_000), recently);
    await insert('live', new Date(now.getTime() + 300_000), null);
    const purged = await purgeExpired(server.db, now);
    expect(purged.stepUpGrants).toBe(2);
    const left = (await grants(owner.userId)).map((grant) => grant.token_hash).sort();
    expect(left).toEqual(['live', 'recently-used']);
  });
});

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';
import { api, type JsonBodyOf } from './client';
import { latestCode } from './harness';

export type StepUpPurposeName = JsonBodyOf<'POST', '/api/merchants/step-up/'>['purpose'];

/** The user id in an access token (its `sub`), read without checking the signature: tests only. */
export function userIdOf(accessToken: string): string {
  const payload = accessToken.split('.')[1] ?? '';
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { sub?: string };
  if (!claims.sub) throw new Error('no subject in the access token');
  return claims.sub;
}

/** Makes the resend cooldown of this user's step-up codes for `purpose` already over. */
export async function skipStepUpCooldown(db: Database, userId: string, purpose: string): Promise<void> {
  await db
    .updateTable('otp_codes')
    .set({ created_at: new Date(Date.now() - 24 * 3600 * 1000) })
    .where('purpose', '=', `step_up:${purpose}`)
    .where('binding', '=', userId)
    .execute();
}

/**
 * A fresh step-up grant through the real API: sends a code by email, reads it from the sandbox outbox and verifies
 * it. Waits out no cooldown: an earlier code's cooldown is moved into the past first.
 */
export async function stepUpToken(
  server: { app: FastifyInstance; db: Database },
  accessToken: string,
  purpose: StepUpPurposeName = 'identity_verification',
): Promise<string> {
  const userId = userIdOf(accessToken);
  await skipStepUpCooldown(server.db, userId, purpose);
  const sent = await api(server.app, 'POST', '/api/merchants/step-up/', {
    token: accessToken,
    body: { purpose, method: 'email' },
  });
  if (sent.status !== 200) throw new Error(`stepUpStart: ${sent.status} ${JSON.stringify(sent.body)}`);
  const user = await server.db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const code = await latestCode(server.app, user.email);
  const verified = await api(server.app, 'POST', '/api/merchants/step-up/verify/', {
    token: accessToken,
    body: { purpose, code },
  });
  if (verified.status !== 200) {
    throw new Error(`stepUpVerify: ${verified.status} ${JSON.stringify(verified.body)}`);
  }
  return verified.body.step_up_token;
}

/** The header an action that needs a grant reads. */
export function stepUpHeaders(token: string): { 'x-step-up-token': string } {
  return { 'x-step-up-token': token };
}

import type { FastifyInstance } from 'fastify';
import type { Database } from '../../server/db/database';
import { api, type JsonBodyOf } from './client';
import { pngImage } from './kycImages';
import { onboardingOwner, representative, saveAllSteps } from './onboardingFixtures';
import { stepUpHeaders, stepUpToken } from './stepUp';

/*
 * Identity verification (KYC) of a merchant's representative through the real endpoints, for tests that need it
 * before submit_for_review. The representative step must be saved first: the evaluation compares the names.
 */

type Server = { app: FastifyInstance; db: Database };
type Outcome = 'passed' | 'failed';

const nextYear = () => `${new Date().getUTCFullYear() + 1}-06-30`;

/** The document details the representative types; the fixtures' representative by default. */
export function kycDocument(
  names: { first_name: string; last_name: string } = representative,
): JsonBodyOf<'POST', '/api/merchants/kyc/initiate/'> {
  return {
    document_type: 'passport',
    document_number: 'AK 123456',
    expiry_date: nextYear(),
    first_name: names.first_name,
    last_name: names.last_name,
  };
}

/**
 * kycInitiate, the one call that changes when initiate needs more than the body (today: a fresh step-up grant in
 * the X-Step-Up-Token header). Answers the new verification's id.
 */
export async function initiateKyc(server: Server, token: string, body = kycDocument()): Promise<string> {
  const grant = await stepUpToken(server, token, 'identity_verification');
  const started = await api(server.app, 'POST', '/api/merchants/kyc/initiate/', {
    token,
    body,
    headers: stepUpHeaders(grant),
  });
  if (started.status !== 201)
    throw new Error(`kycInitiate: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.id;
}

async function sendImage(server: Server, token: string, id: string, side: 'front' | 'selfie') {
  const response = await api(server.app, 'POST', '/api/merchants/kyc/{id}/images/', {
    params: { id },
    token,
    form: { side, file: { filename: `${side}.png`, content: pngImage(800, 600), contentType: 'image/png' } },
  });
  if (response.status !== 201) {
    throw new Error(`uploadKycImage ${side}: ${response.status} ${JSON.stringify(response.body)}`);
  }
}

/**
 * A passport verification, front and selfie (PNGs big enough for the criteria), evaluated. `outcome: 'failed'`
 * types another first name than the representative's, so the name check fails. Answers the verification's id.
 */
export async function runKyc(server: Server, token: string, outcome: Outcome = 'passed'): Promise<string> {
  const names =
    outcome === 'passed' ? representative : { first_name: 'Maria', last_name: representative.last_name };
  const id = await initiateKyc(server, token, kycDocument(names));
  await sendImage(server, token, id, 'front');
  await sendImage(server, token, id, 'selfie');
  const evaluated = await api(server.app, 'POST', '/api/merchants/kyc/{id}/evaluate/', {
    params: { id },
    token,
  });
  if (evaluated.status !== 200 || evaluated.body.status !== outcome) {
    throw new Error(`kycEvaluate: ${evaluated.status} ${JSON.stringify(evaluated.body)}`);
  }
  return id;
}

/** Passes the representative's identity verification (the representative step must be saved). */
export function passKyc(server: Server, token: string): Promise<string> {
  return runKyc(server, token, 'passed');
}

/** A verification that ends `failed` (the typed name differs from the representative's). */
export function failKyc(server: Server, token: string): Promise<string> {
  return runKyc(server, token, 'failed');
}

/**
 * A new owner whose onboarding is complete and identity photos through the automatic checks, submitted for the
 * bank's review; with the verification's id.
 */
export async function submittedForReview(server: Server) {
  const owner = await onboardingOwner(server.app, server.db);
  await saveAllSteps(server.app, owner.token);
  const verificationId = await passKyc(server, owner.token);
  const sent = await api(server.app, 'POST', '/api/merchants/onboarding/submit_for_review/', {
    token: owner.token,
  });
  if (sent.status !== 200) throw new Error(`submit: ${sent.status} ${JSON.stringify(sent.body)}`);
  return { ...owner, verificationId };
}

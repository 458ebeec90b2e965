import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createIntl, type IntlShape } from 'react-intl';
import { createActor, fromPromise, waitFor } from 'xstate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import el from '../../lang/el.json';
import en from '../../lang/en.json';
import { identityVerificationMachine } from '../../machines/identityVerification.machine';
import { onboardingMachine, type LoadInput, type LoadOutput } from '../../machines/onboarding.machine';
import { errorCodes, type ErrorCode } from '../../schemas/error.schema';
import {
  defaultUploadLimitBytes,
  kycMinLongSide,
  kycMinShortSide,
  type KycCriteria,
} from '../../schemas/kyc.schema';
import { errorMessages } from '../../src/i18n/errorMessages';
import { kycErrorText, kycPhotoErrorText, kycPhotoRules } from '../../src/screens/kyc/kycMessages';
import { documentRules, onboardingErrorText } from '../../src/screens/onboarding/StepFrame';
import { fileErrorText } from '../../src/ui/fileErrors';
import { api, errorOf, expectStatus } from './client';
import { startTestServer, type TestServer } from './harness';
import { pngImage } from './kycImages';
import { onboardingOwner, representative, upload } from './onboardingFixtures';
import { stepUpHeaders, stepUpToken } from './stepUp';

/*
 * Every error code the upload, identity verification (KYC) and onboarding endpoints can answer has words the app
 * shows, in English and in Greek, and not the generic "Something went wrong". The lists below are checked against the
 * server's code, so a new `new AppError('…')` in those modules, or a new status in a route's documented answers,
 * fails here until the app has words for it.
 */

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const folder = (dir: string) =>
  readdirSync(path.join(root, dir))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${dir}/${name}`);

/** Codes the server falls back to for a status without its own code (server/app.ts), and what a 5xx is. */
const statusFallbacks: Record<number, ErrorCode> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  413: 'payload_too_large',
  429: 'rate_limited',
};
/** Any endpoint may fail on the server's side, or not be reached at all (503 `service_unavailable` is no answer). */
const anyEndpoint = ['internal_error', 'network'] as const;

/** The upload endpoints: onboarding documents and logo, and the identity photos. */
const uploadCodes = [
  'unsupported_file_type',
  'payload_too_large',
  'validation_failed',
  'bad_request',
  'onboarding_locked',
  // While the bank asks for more information, a step it did not name.
  'step_locked',
  'forbidden',
  'not_found',
  'conflict',
  'unauthorized',
  ...anyEndpoint,
] as const;

/** The identity verification endpoints (criteria, status, initiate, images, evaluate). */
const kycCodes = [
  'validation_failed',
  'step_up_required',
  'unsupported_file_type',
  'payload_too_large',
  'bad_request',
  'onboarding_locked',
  // While the bank asks for more information, a step it did not name.
  'step_locked',
  'forbidden',
  'not_found',
  'conflict',
  'unauthorized',
  ...anyEndpoint,
] as const;

/** The onboarding endpoints (data, steps, VAT check, documents, logo, submit for review). */
const onboardingCodes = [
  'validation_failed',
  'onboarding_incomplete',
  'onboarding_locked',
  // While the bank asks for more information, a step it did not name.
  'step_locked',
  'unsupported_file_type',
  'payload_too_large',
  'bad_request',
  'forbidden',
  'not_found',
  'conflict',
  'unauthorized',
  ...anyEndpoint,
] as const;

/** One exported function's text, for a module of which an endpoint uses only that function. */
function exported(file: string, name: string): { file: string; source: string } {
  const source = read(file);
  const start = source.indexOf(`export async function ${name}`);
  if (start < 0) throw new Error(`${name} is not in ${file}`);
  const end = source.indexOf('\n}\n', start);
  return { file: `${file} ${name}`, source: source.slice(start, end) };
}

/** What the server's code says these endpoints throw: AppError codes, and each documented status's fallback. */
function codesInServer(files: Array<string | { file: string; source: string }>): {
  codes: Set<string>;
  unnamed: string[];
} {
  const codes = new Set<string>();
  const unnamed: string[] = [];
  for (const each of files) {
    const { file, source } = typeof each === 'string' ? { file: each, source: read(each) } : each;
    for (const match of source.matchAll(/new AppError\(\s*([^,)]+)/g)) {
      const literal = /^'([a-z_]+)'$/.exec(match[1]?.trim() ?? '');
      if (literal?.[1]) codes.add(literal[1]);
      else unnamed.push(`${file}: ${match[0]}`);
    }
    for (const match of source.matchAll(/errorResponses\(([^)]*)\)/g)) {
      for (const status of (match[1] ?? '').split(',').map((each) => Number(each.trim()))) {
        const code = statusFallbacks[status];
        if (code) codes.add(code);
      }
    }
  }
  return { codes, unnamed };
}

const intls: Record<'en' | 'el', IntlShape> = {
  en: createIntl({ locale: 'en', messages: en }),
  el: createIntl({ locale: 'el', messages: el }),
};

function expectSpecific(words: Record<'en' | 'el', string>, code: string) {
  for (const [language, text] of Object.entries(words) as Array<['en' | 'el', string]>) {
    expect(text.trim(), `${code} in ${language}`).not.toBe('');
    expect(text, `${code} in ${language}`).not.toBe(intls[language].formatMessage(errorMessages.unknown));
    expect(text, `${code} in ${language}`).not.toBe(code);
  }
  expect(words.el, `${code}: Greek words`).not.toBe(words.en);
}

describe('the codes listed here are the codes the server can give', () => {
  it('upload endpoints', () => {
    const { codes, unnamed } = codesInServer([
      'server/onboarding/documents.ts',
      // Every upload is stored through it: only the owner, only while the onboarding can change.
      exported('server/onboarding/onboarding.ts', 'withEditableOnboarding'),
      'server/kyc/kyc.ts',
      'server/routes/multipartUpload.ts',
    ]);
    expect(unnamed).toEqual([]);
    expect([...codes].filter((code) => !(uploadCodes as readonly string[]).includes(code))).toEqual([]);
  });

  it('identity verification endpoints', () => {
    const { codes, unnamed } = codesInServer([
      ...folder('server/kyc'),
      'server/routes/kyc.routes.ts',
      'server/routes/multipartUpload.ts',
      exported('server/onboarding/onboarding.ts', 'withEditableOnboarding'),
      'server/onboarding/documents.ts',
    ]);
    // kycInitiate spends a one-time code's grant (server/auth/stepUp.ts consumeStepUp): 403 step_up_required.
    codes.add('step_up_required');
    expect(unnamed).toEqual([]);
    expect([...codes].filter((code) => !(kycCodes as readonly string[]).includes(code))).toEqual([]);
  });

  it('onboarding endpoints', () => {
    const { codes, unnamed } = codesInServer([
      ...folder('server/onboarding').filter((file) => !file.endsWith('/review.ts')),
      'server/routes/onboarding.routes.ts',
      'server/routes/multipartUpload.ts',
    ]);
    expect(unnamed).toEqual([]);
    expect([...codes].filter((code) => !(onboardingCodes as readonly string[]).includes(code))).toEqual([]);
  });

  it('every code listed is one the app knows (schemas/error.schema.ts)', () => {
    for (const code of [...uploadCodes, ...kycCodes, ...onboardingCodes]) {
      if (code !== 'network') expect(errorCodes as readonly string[], code).toContain(code);
    }
  });
});

describe('the app has words for each code', () => {
  it.each(uploadCodes.map((code) => [code]))('an upload answered %s: words beside the file field', (code) => {
    expectSpecific(
      {
        en: fileErrorText(intls.en, { code }, documentRules),
        el: fileErrorText(intls.el, { code }, documentRules),
      },
      code,
    );
    expectSpecific(
      {
        en: fileErrorText(intls.en, { code }, kycPhotoRules(null)),
        el: fileErrorText(intls.el, { code }, kycPhotoRules(null)),
      },
      code,
    );
  });

  it.each(kycCodes.map((code) => [code]))('identity verification answered %s', (code) => {
    expectSpecific({ en: kycErrorText(intls.en, code), el: kycErrorText(intls.el, code) }, code);
  });

  it.each(onboardingCodes.map((code) => [code]))('onboarding answered %s', (code) => {
    expectSpecific(
      { en: onboardingErrorText(intls.en, code), el: onboardingErrorText(intls.el, code) },
      code,
    );
  });
});

describe('the journeys keep each code for the screen', () => {
  const failure = (code: string) =>
    code === 'network' ? { kind: 'network' } : { kind: 'http', status: 400, code, message: code };

  it.each(kycCodes.map((code) => [code]))('identity verification keeps %s', async (code) => {
    const actor = createActor(
      identityVerificationMachine.provide({
        actors: {
          loadCriteria: fromPromise<KycCriteria, void>(async () => {
            throw failure(code);
          }),
        },
      }),
    ).start();
    const failed = await waitFor(actor, (snapshot) => snapshot.matches('loadFailed'));
    actor.stop();
    // The session signs out on 401 and the client reads a 503 as no connection: the journey need not tell them.
    if (code === 'unauthorized' || code === 'internal_error') return;
    expect(failed.context.error).toBe(code);
  });

  /** The onboarding journey (machines/onboarding.machine.ts) tells every code apart, for its own words. */
  const onboardingNotToldApart: string[] = [];
  it.each(onboardingCodes.map((code) => [code]))('onboarding keeps %s', async (code) => {
    const actor = createActor(
      onboardingMachine.provide({
        actors: {
          loadOnboarding: fromPromise<LoadOutput, LoadInput>(async () => {
            throw failure(code);
          }),
        },
      }),
      { input: { merchantId: '00000000-0000-4000-8000-0000000000bb' } },
    ).start();
    const failed = await waitFor(actor, (snapshot) => snapshot.context.error !== null);
    actor.stop();
    expect(failed.context.error).toBe(onboardingNotToldApart.includes(code) ? 'unknown' : code);
  });
});

describe('what the server answers, in the app’s words', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a text file named .pdf: the types the documents step accepts', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    const sent = await upload(server.app, owner.token, {
      content: Buffer.from('Invoice 2026-001\nTotal: 120.00 EUR\n'),
      filename: 'invoice.pdf',
    });
    expect(sent.status).toBe(400);
    const refusal = errorOf(sent);
    expect(refusal.code).toBe('unsupported_file_type');
    expect(fileErrorText(intls.en, refusal, documentRules)).toBe(
      'This file is not a PDF, JPEG or PNG file: we look at what is inside it, not at its name. Save or scan it ' +
        'as PDF, JPEG or PNG and choose it again.',
    );
    expect(fileErrorText(intls.el, refusal, documentRules)).toContain('PDF, JPEG ή PNG');
    // The server's own message names the same types as the app's words, from the same list.
    for (const type of documentRules.types) {
      expect(refusal.message).toContain((type.split('/')[1] ?? '').toUpperCase());
    }
    expect(documentRules.maxBytes).toBe(defaultUploadLimitBytes);
  });

  it('a selfie of 400 × 400 pixels: its size and the smallest accepted', async () => {
    const owner = await onboardingOwner(server.app, server.db);
    expectStatus(
      await api(server.app, 'PUT', '/api/merchants/onboarding/representative/', {
        token: owner.token,
        body: representative,
      }),
      200,
    );
    const grant = await stepUpToken(server, owner.token, 'identity_verification');
    const started = await api(server.app, 'POST', '/api/merchants/kyc/initiate/', {
      token: owner.token,
      body: {
        document_type: 'passport',
        document_number: 'AK1234567',
        expiry_date: `${new Date().getUTCFullYear() + 1}-06-30`,
        first_name: representative.first_name,
        last_name: representative.last_name,
      },
      headers: stepUpHeaders(grant),
    });
    expectStatus(started, 201);
    const criteria = await api(server.app, 'GET', '/api/merchants/kyc/criteria/', { token: owner.token });
    expectStatus(criteria, 200);
    const sent = await api(server.app, 'POST', '/api/merchants/kyc/{id}/images/', {
      params: { id: started.body.id },
      token: owner.token,
      form: {
        side: 'selfie',
        file: { filename: 'selfie.png', content: pngImage(400, 400), contentType: 'image/png' },
      },
    });
    expect(sent.status).toBe(400);
    const refusal = errorOf(sent);
    expect(refusal.code).toBe('validation_failed');
    expect(kycPhotoErrorText(intls.en, 'validation_failed', refusal.details ?? {}, criteria.body)).toBe(
      `This photo is 400 × 400 pixels; it must be at least ${kycMinLongSide} × ${kycMinShortSide} pixels, either ` +
        'way round. Take it again closer, or choose a larger photo.',
    );
    expect(kycPhotoErrorText(intls.el, 'validation_failed', refusal.details ?? {}, criteria.body)).toContain(
      `τουλάχιστον ${kycMinLongSide} × ${kycMinShortSide}`,
    );
  });
});

import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { components } from '../../src/api/schema';
import type { Database } from '../../server/db/database';
import { api, apiWithBadInput, type FilePart, type JsonBodyOf, type PathFor } from './client';
import { createOwner, signIn } from './harness';

/** Valid data for every onboarding step, checked against the contract's request bodies. */
export const representative = {
  first_name: 'Eleni',
  last_name: 'Papadopoulou',
  job_title: 'Managing Director',
  date_of_birth: '1985-04-12',
  phone: '+30 210 123 4567',
  citizenship: 'GR',
} satisfies JsonBodyOf<'PUT', '/api/merchants/onboarding/representative/'>;

export const address = {
  country: 'GR',
  postal_code: '10563',
  city: 'Athens',
  line1: 'Ermou 12',
  line2: '',
} satisfies JsonBodyOf<'PUT', '/api/merchants/onboarding/company/'>['registered_address'];

export const company = {
  name: 'Aegean Coffee IKE',
  commercial_name: 'Aegean Coffee',
  legal_form: 'ike',
  country_of_registration: 'GR',
  vat_number: 'EL 123456783',
  registration_number: '123456701000',
  tic_number: '123456783',
  phone: '+302101234567',
  registered_address: address,
  trading_same_as_registered: true,
  website_url: 'https://aegean-coffee.example',
  industry: 'food_and_beverage',
  size: '2_10',
  annual_turnover: '100k_500k',
} satisfies JsonBodyOf<'PUT', '/api/merchants/onboarding/company/'>;

export const directors = {
  directors: [
    {
      first_name: 'Eleni',
      last_name: 'Papadopoulou',
      date_of_birth: '1985-04-12',
      is_legal_representative: true,
      home_address: { ...address, line1: 'Athinas 3' },
    },
  ],
} satisfies JsonBodyOf<'PUT', '/api/merchants/onboarding/directors/'>;

export const shareholders = {
  shareholders: [
    { type: 'individual', name: 'Eleni Papadopoulou', country: 'GR', percentage: '60', has_control: true },
    { type: 'company', name: 'Kyma Holdings AE', country: 'GR', percentage: '40', has_control: false },
  ],
  ubos_known: true,
} satisfies JsonBodyOf<'PUT', '/api/merchants/onboarding/shareholders/'>;

export const funding = {
  expected_incoming: { amount_minor: '2500000', currency: 'EUR' },
  source_country: 'GR',
  expected_spending: { amount_minor: '1800000', currency: 'EUR' },
  destination_country: 'DE',
  other_funding_method: '',
} satisfies JsonBodyOf<'PUT', '/api/merchants/onboarding/funding/'>;

export const steps = { representative, company, directors, shareholders, funding } as const;
export type Step = keyof typeof steps;

/** Each step's own endpoint, for the tables of bad input that walk every step. */
export const stepUrls = {
  representative: '/api/merchants/onboarding/representative/',
  company: '/api/merchants/onboarding/company/',
  directors: '/api/merchants/onboarding/directors/',
  shareholders: '/api/merchants/onboarding/shareholders/',
  funding: '/api/merchants/onboarding/funding/',
} as const satisfies Record<Step, PathFor<'PUT'>>;

/** Saves one step with its valid data. */
export function saveStep(app: FastifyInstance, token: string, step: Step) {
  switch (step) {
    case 'representative':
      return api(app, 'PUT', stepUrls.representative, { token, body: representative });
    case 'company':
      return api(app, 'PUT', stepUrls.company, { token, body: company });
    case 'directors':
      return api(app, 'PUT', stepUrls.directors, { token, body: directors });
    case 'shareholders':
      return api(app, 'PUT', stepUrls.shareholders, { token, body: shareholders });
    case 'funding':
      return api(app, 'PUT', stepUrls.funding, { token, body: funding });
  }
}

/** The documents an IKE needs (legal_entity_types). */
export const ikeDocuments = [
  'certificate_of_registration',
  'articles_of_association',
  'tax_registration',
  'representative_id',
  'proof_of_address',
  'shareholder_register',
] as const;

// ---- Files: real magic numbers, so that file-type recognises them by content ----

export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
);
export const pngBytes = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1e0b1b10000000049454e44ae426082',
  'hex',
);
export const jpegBytes = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 0),
  Buffer.from('ffd9', 'hex'),
]);
/** The start of a Windows executable (MZ header). */
export const exeBytes = Buffer.concat([
  Buffer.from('4d5a90000300000004000000ffff0000', 'hex'),
  Buffer.alloc(128, 0),
]);

export type DocumentType = components['schemas']['UploadDocumentBodyInput']['type'];

type UploadedFile = { content: Buffer; filename: string; contentType?: string };

const filePart = (file: UploadedFile): FilePart => ({
  filename: file.filename,
  content: file.content,
  contentType: file.contentType ?? 'application/pdf',
});

/** Uploads a document during onboarding, or (with the profile's URL) once approved. */
export function upload(
  app: FastifyInstance,
  token: string,
  file: UploadedFile,
  type: DocumentType = 'representative_id',
  url:
    | '/api/merchants/onboarding/documents/'
    | '/api/merchants/profile/documents/' = '/api/merchants/onboarding/documents/',
) {
  return api(app, 'POST', url, { token, form: { type, file: filePart(file) } });
}

/** Uploads the company logo during onboarding, or (with the profile's URL) once approved. */
export function uploadLogo(
  app: FastifyInstance,
  token: string,
  file: UploadedFile,
  url:
    | '/api/merchants/onboarding/company_logo/'
    | '/api/merchants/profile/company_logo/' = '/api/merchants/onboarding/company_logo/',
) {
  return api(app, 'POST', url, { token, form: { file: filePart(file) } });
}

/** Deliberately bad input: any document type, or none at all (`type` null). */
export function uploadWithBadInput(
  app: FastifyInstance,
  token: string,
  file: UploadedFile,
  type: string | null,
  url:
    | '/api/merchants/onboarding/documents/'
    | '/api/merchants/profile/documents/' = '/api/merchants/onboarding/documents/',
) {
  return apiWithBadInput(app, 'POST', url, {
    token,
    form: { ...(type === null ? {} : { type }), file: filePart(file) },
  });
}

/** A new owner whose merchant is in status `onboarding`, signed in through the real login API. */
export async function onboardingOwner(app: FastifyInstance, db: Database) {
  const owner = await createOwner(db, { status: 'onboarding' });
  const session = await signIn(app, owner.email, owner.password);
  return { ...owner, token: session.accessToken, user: session.body.user };
}

export async function saveAllSteps(app: FastifyInstance, token: string): Promise<void> {
  for (const step of Object.keys(steps) as Step[]) {
    const saved = await saveStep(app, token, step);
    if (saved.status !== 200) throw new Error(`save ${step}: ${saved.status} ${JSON.stringify(saved.body)}`);
  }
  for (const type of ikeDocuments) {
    const sent = await upload(app, token, { content: pdfBytes, filename: `${type}.pdf` }, type);
    if (sent.status !== 201) throw new Error(`upload ${type}: ${sent.status} ${JSON.stringify(sent.body)}`);
  }
}

/**
 * A new owner whose onboarding is complete and approved by a direct write (the review itself is tested in
 * review.test.ts and merchantReview.test.ts), signed in.
 */
export async function approvedOwner(app: FastifyInstance, db: Database) {
  const owner = await onboardingOwner(app, db);
  await saveAllSteps(app, owner.token);
  await db.updateTable('merchants').set({ status: 'approved' }).where('id', '=', owner.merchantId).execute();
  return owner;
}

/** Every stored upload under DATA_DIR/uploads. */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name))
      .sort();
  } catch {
    return [];
  }
}

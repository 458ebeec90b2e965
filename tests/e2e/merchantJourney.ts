import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { passIdentityVerification } from './kycJourney';

/*
 * A merchant's registration and onboarding in the browser, step by step through the real screens, for the journeys
 * that need a merchant who has submitted: tests/e2e/onboarding.test.ts walks them with its own checks between the
 * steps, tests/e2e/merchantReview.test.ts to have a file for the bank's review. Every helper starts on the step it
 * fills and stops after filling it (the caller clicks "Continue" unless the helper says otherwise).
 */

export type CodeFromOutbox = (address: string) => Promise<string>;

/** Who registers and onboards: the representative, who is also the company's one director and shareholder. */
export type MerchantDetails = {
  email: string;
  /** The Greek mobile number as it is dialled (69…). */
  national: string;
  first: string;
  last: string;
  company: string;
  password: string;
  dateOfBirth: string;
};

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });
const pathname = (page: Page) => new URL(page.url()).pathname;
export const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue', exact: true });

/** The smallest well-formed PDF: one empty page, with a cross-reference table whose offsets are right. */
function minimalPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A 1×1 greyscale PNG (signature, IHDR, IDAT, IEND with their CRCs). */
const minimalPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgABSK+kcQAAAABJRU5ErkJggg==',
  'base64',
);

/** Writes a small real file of the kind its extension names into `dir`, for page.setInputFiles. */
export function sampleFile(dir: string, name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, name.endsWith('.png') ? minimalPng : minimalPdf());
  return file;
}

/** The English names the documents step gives each document type (lang/en.json). */
export const documentNames: Record<string, string> = {
  certificate_of_registration: 'Certificate of registration',
  articles_of_association: 'Articles of association',
  representative_id: "Representative's identity document",
  proof_of_address: 'Proof of address',
  tax_registration: 'Tax registration',
  shareholder_register: 'Shareholder register',
};

export async function fillAddress(scope: Locator, address: { postal: string; city: string; line1: string }) {
  await scope.getByLabel('Country', { exact: true }).selectOption({ label: 'Greece' });
  await scope.getByLabel('Postal code').fill(address.postal);
  await scope.getByLabel('City').fill(address.city);
  await scope.getByLabel('Address line 1').fill(address.line1);
}

/**
 * Registration from nothing: contact, both codes from the outbox, details, password, terms and the bot check. Ends
 * signed in on the onboarding's first step (/registration/representative/:merchant_id); returns the merchant's id.
 */
export async function registerMerchant(
  page: Page,
  baseUrl: string,
  codeFromOutbox: CodeFromOutbox,
  merchant: MerchantDetails,
): Promise<string> {
  await page.goto(`${baseUrl}/registration`);
  await heading(page, 'Create your Tameio account').waitFor();
  await page.getByLabel('Email', { exact: true }).fill(merchant.email);
  await page.getByLabel('Mobile phone').fill(merchant.national);
  await continueButton(page).click();

  await heading(page, 'Confirm your email').waitFor();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(merchant.email));
  await page.getByRole('button', { name: 'Verify' }).click();

  await heading(page, 'Confirm your mobile number').waitFor();
  await page.getByLabel('Verification code').fill(await codeFromOutbox(`+30${merchant.national}`));
  await page.getByRole('button', { name: 'Verify' }).click();

  await heading(page, 'About you and your company').waitFor();
  await page.getByLabel('First name').fill(merchant.first);
  await page.getByLabel('Last name').fill(merchant.last);
  await page.getByLabel('Company name').fill(merchant.company);
  await continueButton(page).click();

  await heading(page, 'Choose a password').waitFor();
  await page.getByLabel('New password', { exact: true }).fill(merchant.password);
  await page.getByLabel('Confirm new password').fill(merchant.password);
  await page.getByRole('checkbox', { name: /terms of use/ }).check();
  await page.getByRole('checkbox', { name: /privacy policy/ }).check();
  await expect
    .poll(() => page.getByRole('button', { name: 'Create account' }).isEnabled(), { timeout: 30_000 })
    .toBe(true);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Signed in: the onboarding phase of the same route takes over, addressed by the merchant's id.
  await expect
    .poll(() => pathname(page), { timeout: 15_000 })
    .toMatch(/^\/registration\/representative\/[0-9a-f-]{36}$/);
  return pathname(page).split('/')[3] ?? '';
}

/** 1. Representative: what registration did not collect (the names and the mobile are there already). */
export async function fillRepresentative(page: Page, merchant: MerchantDetails): Promise<void> {
  await page.getByLabel('Job title').fill('Managing Director');
  await page.getByLabel('Date of birth').fill(merchant.dateOfBirth);
  // A Greek number as it is dialled, as registration accepted it.
  await page.getByLabel('Phone number').fill(merchant.national);
  await page.getByLabel('Citizenship').selectOption({ label: 'Greece' });
}

/**
 * 2. Company information, an IKE in Athens, with the VAT check (without a registry configured it says the format is
 * right and the registry was not checked: a risk flag for the bank's review) and, when given, a logo.
 */
export async function fillCompany(
  page: Page,
  merchant: MerchantDetails,
  options: { logo?: string } = {},
): Promise<void> {
  await page.getByLabel('Company name', { exact: true }).fill(merchant.company);
  await page.getByLabel('Legal form').selectOption({ label: 'Private company (IKE)' });
  await page.getByLabel('Country of registration').selectOption({ label: 'Greece' });
  await page.getByLabel('VAT number').fill('094014201');
  await page.getByRole('button', { name: 'Check VAT number' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: 'The format is right. The registry was not checked.' })
    .waitFor();
  await page.getByLabel('Registration number').fill('123456701000');
  await page.getByLabel('TIC number').fill('094014201');
  await page.getByLabel('Company phone').fill('+30 2101234568');
  await fillAddress(page.getByRole('group', { name: 'Registered address' }), {
    postal: '10558',
    city: 'Athens',
    line1: 'Adrianou 12',
  });
  if (options.logo) {
    await page.getByLabel('Choose a PNG or JPEG file').setInputFiles(options.logo);
    // The preview really shows the stored image (a blob: URL the CSP must allow), not just an empty <img>.
    const logoPreview = page.getByRole('img', { name: path.basename(options.logo) });
    await expect
      .poll(() => logoPreview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
  }
  await page.getByLabel('Industry').selectOption({ label: 'Food and beverage' });
  await page.getByLabel('Company size').selectOption({ label: '2 to 10 people' });
  await page.getByLabel('Annual turnover').selectOption({ label: '€100,000 to €500,000' });
}

/** 3. Directors: director `n` (1 is there already; the next ones are added with "Add a director" first). */
export async function fillDirector(
  page: Page,
  n: number,
  director: { first: string; last: string; dateOfBirth: string; legalRepresentative: boolean; line1: string },
): Promise<void> {
  const group = page.getByRole('group', { name: `Director ${n}` });
  await group.getByLabel('First name').fill(director.first);
  await group.getByLabel('Last name').fill(director.last);
  await group.getByLabel('Date of birth').fill(director.dateOfBirth);
  const representative = group.getByRole('checkbox', { name: 'This director is a legal representative' });
  if (director.legalRepresentative) await representative.check();
  else await representative.uncheck();
  await fillAddress(group.getByRole('group', { name: 'Home address' }), {
    postal: '11521',
    city: 'Athens',
    line1: director.line1,
  });
}

/** 4. Shareholders: the representative holds 100 % and controls the company. */
export async function fillSoleShareholder(page: Page, merchant: MerchantDetails): Promise<void> {
  const holder = page.getByRole('group', { name: 'Shareholder 1' });
  await holder.getByLabel('Individual or company').selectOption({ label: 'Individual' });
  await holder.getByLabel('Full name or company name').fill(`${merchant.first} ${merchant.last}`);
  await holder.getByLabel('Country', { exact: true }).selectOption({ label: 'Greece' });
  await holder.getByLabel('Ownership (%)').fill('100');
  await holder.getByRole('checkbox', { name: /Controls the company/ }).check();
}

/** The documents an IKE must upload, as the server lists them (the documents step asks for exactly these). */
export async function requiredDocuments(baseUrl: string): Promise<string[]> {
  const legalForms = (await (await fetch(`${baseUrl}/api/onboarding/legal_entity_types/`)).json()) as {
    items: Array<{ code: string; required_documents: string[] }>;
  };
  const required = legalForms.items.find((form) => form.code === 'ike')?.required_documents ?? [];
  expect(required.length).toBeGreaterThan(0);
  return required;
}

/** The file uploaded for the `index`-th required document: PDFs and PNGs in turn. */
export const uploadedName = (type: string, index: number) => `${type}.${index % 2 === 0 ? 'pdf' : 'png'}`;

/** 5. Documents: each required one uploaded from `filesDir`, waiting until each is stored. */
export async function uploadDocuments(page: Page, required: string[], filesDir: string): Promise<void> {
  for (const [index, type] of required.entries()) {
    const name = documentNames[type];
    if (!name) throw new Error(`no English name for document type ${type}`);
    const fileName = uploadedName(type, index);
    const group = page.getByRole('group', { name, exact: true });
    await group.getByLabel(`Upload ${name} (PDF, JPEG or PNG)`).setInputFiles(sampleFile(filesDir, fileName));
    // Each upload is its own call; the step is busy (inputs disabled) until it is stored.
    await group.getByRole('button', { name: `Delete ${fileName}` }).waitFor();
    await expect.poll(() => group.getByLabel(`Upload ${name} (PDF, JPEG or PNG)`).isEnabled()).toBe(true);
    if (fileName.endsWith('.pdf')) await group.getByRole('link', { name: `Open ${fileName}` }).waitFor();
  }
}

/** 6. Funding and activity: euros from Greece in, to Italy out. */
export async function fillFunding(page: Page): Promise<void> {
  const incoming = page.getByRole('group', { name: 'Expected incoming funds per month' });
  await incoming.getByLabel('Amount (whole units)').fill('25000');
  await incoming.getByLabel('Currency').selectOption('EUR');
  await incoming.getByLabel('Source country').selectOption({ label: 'Greece' });
  const spending = page.getByRole('group', { name: 'Expected spending per month' });
  await spending.getByLabel('Amount (whole units)').fill('18000');
  await spending.getByLabel('Currency').selectOption('EUR');
  await spending.getByLabel('Destination country').selectOption({ label: 'Italy' });
}

/**
 * 7. Identity verification from its onboarding step: the link to the verification, the verification itself (with
 * the one-time code), and back into the onboarding at the review.
 */
export async function verifyIdentityFromOnboarding(
  page: Page,
  baseUrl: string,
  codeFromOutbox: CodeFromOutbox,
  merchant: MerchantDetails,
): Promise<void> {
  await page.getByRole('link', { name: "Verify the representative's identity" }).click();
  await expect.poll(() => pathname(page), { timeout: 15_000 }).not.toMatch(/^\/registration\//);
  await passIdentityVerification(page, baseUrl, {
    first: merchant.first,
    last: merchant.last,
    otp: { email: merchant.email, codeFromOutbox },
  });
  // The verification leads back into the onboarding, at the review.
  await page.getByRole('link', { name: 'Back to onboarding: review and submit' }).click();
}

/** An onboarding step's heading and address (/registration/:step/:merchant_id). */
export async function atOnboardingStep(page: Page, title: string, step: string, merchantId: string) {
  await heading(page, title).waitFor();
  await expect.poll(() => pathname(page)).toBe(`/registration/${step}/${merchantId}`);
}

/**
 * Registers `merchant` and walks every onboarding step with the helpers above to "Submit for review", ending on
 * /information-submitted in review. For journeys that start from a submitted merchant; returns its id.
 */
export async function registerAndSubmit(
  page: Page,
  baseUrl: string,
  codeFromOutbox: CodeFromOutbox,
  merchant: MerchantDetails,
  filesDir: string,
): Promise<string> {
  const merchantId = await registerMerchant(page, baseUrl, codeFromOutbox, merchant);
  const step = async (title: string, slug: string, fill: () => Promise<void>) => {
    await atOnboardingStep(page, title, slug, merchantId);
    await fill();
    await continueButton(page).click();
  };
  await step('Representative', 'representative', () => fillRepresentative(page, merchant));
  await step('Company information', 'company', () => fillCompany(page, merchant));
  await step('Directors', 'directors', () =>
    fillDirector(page, 1, {
      first: merchant.first,
      last: merchant.last,
      dateOfBirth: merchant.dateOfBirth,
      legalRepresentative: true,
      line1: 'Vasilissis Sofias 40',
    }),
  );
  await step('Shareholders', 'shareholders', () => fillSoleShareholder(page, merchant));
  const required = await requiredDocuments(baseUrl);
  await step('Documents', 'documents', () => uploadDocuments(page, required, filesDir));
  await step('Funding and activity', 'funding', () => fillFunding(page));
  await atOnboardingStep(page, 'Identity verification', 'identity', merchantId);
  await verifyIdentityFromOnboarding(page, baseUrl, codeFromOutbox, merchant);
  await atOnboardingStep(page, 'Review and submit', 'review', merchantId);
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await heading(page, 'Thank you, your information has been submitted').waitFor({ timeout: 15_000 });
  await expect.poll(() => pathname(page)).toBe('/information-submitted');
  await page.getByRole('status').filter({ hasText: 'Status: in review' }).waitFor();
  return merchantId;
}

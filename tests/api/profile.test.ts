import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiWithBadInput, errorOf, expectStatus, type JsonBodyOf, type PathFor } from './client';
import { startTestServer, type TestServer } from './harness';
import { pngImage } from './kycImages';
import {
  approvedOwner,
  company,
  directors,
  exeBytes,
  onboardingOwner,
  pdfBytes,
  representative,
  shareholders,
  storedFiles,
  upload,
  uploadLogo,
  uploadWithBadInput,
} from './onboardingFixtures';
import { databaseDigest } from './tableDigest';
import { addMember, type Member } from './team';

/*
 * The company profile (schemas/profile.schema.ts): what onboarding collected, shown after approval; contact
 * details change at once, legal data only through review (sandbox approve or reject); more documents and the logo,
 * checked by content. Bad input is a 400 with fields and changes nothing; employees and viewers get 403.
 */

const profileUrl = '/api/merchants/profile/';
const contactUrl = '/api/merchants/profile/contact/';
const representativeUrl = '/api/merchants/profile/representative/';
const changesUrl = '/api/merchants/profile/changes/';
const documentsUrl = '/api/merchants/profile/documents/';
const logoUrl = '/api/merchants/profile/company_logo/';

type Owner = Awaited<ReturnType<typeof onboardingOwner>>;

let server: TestServer;
let owner: Owner;
let other: Owner;
let admin: Member;
let employee: Member;
let viewer: Member;

const contact = {
  commercial_name: 'Aegean Roasters',
  phone: '+30 210 765 4321',
  website_url: 'https://aegean-roasters.example',
  contact_email: 'Hello@Aegean-Roasters.example',
  industry: 'food_and_beverage',
  size: '11_50',
  annual_turnover: '500k_2m',
  trading_same_as_registered: false,
  trading_address: {
    country: 'GR',
    postal_code: '54624',
    city: 'Thessaloniki',
    line1: 'Tsimiski 40',
    line2: '',
  },
} satisfies JsonBodyOf<'PATCH', '/api/merchants/profile/contact/'>;

const legalCompany = {
  name: 'Aegean Roasters IKE',
  legal_form: 'ike',
  country_of_registration: 'GR',
  vat_number: 'EL 123456783',
  registration_number: '123456701000',
  tic_number: '123456783',
  registered_address: company.registered_address,
} satisfies Extract<JsonBodyOf<'POST', '/api/merchants/profile/changes/'>, { kind: 'company' }>['data'];

beforeAll(async () => {
  server = await startTestServer();
  owner = await approvedOwner(server.app, server.db);
  other = await approvedOwner(server.app, server.db);
  admin = await addMember(server, owner.token, 'admin');
  employee = await addMember(server, owner.token, 'employee');
  viewer = await addMember(server, owner.token, 'viewer');
}, 120_000);

afterAll(async () => {
  await server?.close();
});

async function profileOf(token: string) {
  const response = await api(server.app, 'GET', '/api/merchants/profile/', { token });
  expectStatus(response, 200);
  return response.body;
}

describe('reading the profile', () => {
  it('shows what onboarding collected, with the owner’s email as the contact until one is set', async () => {
    const fresh = await approvedOwner(server.app, server.db);
    const profile = await profileOf(fresh.token);
    expect(profile.merchant.status).toBe('approved');
    expect(profile.editable).toBe(true);
    expect(profile.company?.name).toBe(company.name);
    expect(profile.company?.vat_number).toBe('123456783');
    expect(profile.contact_email).toBe(fresh.email);
    expect(profile.representative?.first_name).toBe(representative.first_name);
    expect(profile.directors?.directors).toHaveLength(directors.directors.length);
    expect(profile.shareholders?.shareholders.map((s: { percentage: string }) => s.percentage)).toEqual(
      shareholders.shareholders.map((s) => s.percentage),
    );
    expect(profile.logo).toBeNull();
    expect(profile.changes).toEqual([]);
  });

  it('is open before approval, but nothing changes then', async () => {
    const early = await onboardingOwner(server.app, server.db);
    const profile = await profileOf(early.token);
    expect(profile.editable).toBe(false);
    expect(profile.company).toBeNull();
    const refused = await api(server.app, 'PATCH', '/api/merchants/profile/contact/', {
      token: early.token,
      body: contact,
    });
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('merchant_not_approved');
  });
});

describe('contact details change at once', () => {
  it('saves trading name, phone, website, contact email, size and trading address', async () => {
    const fresh = await approvedOwner(server.app, server.db);
    const response = await api(server.app, 'PATCH', '/api/merchants/profile/contact/', {
      token: fresh.token,
      body: contact,
    });
    expectStatus(response, 200);
    expect(response.body.company?.commercial_name).toBe('Aegean Roasters');
    expect(response.body.company?.phone).toBe('+302107654321');
    expect(response.body.company?.size).toBe('11_50');
    expect(response.body.company?.trading_address?.city).toBe('Thessaloniki');
    expect(response.body.contact_email).toBe('hello@aegean-roasters.example');
    // Legal data is untouched.
    expect(response.body.company?.name).toBe(company.name);
    expect(response.body.changes).toEqual([]);
  });

  it("saves the representative's job title and phone", async () => {
    const fresh = await approvedOwner(server.app, server.db);
    const response = await api(server.app, 'PATCH', '/api/merchants/profile/representative/', {
      token: fresh.token,
      body: { job_title: 'Chief Executive', phone: '+30 697 000 0001' },
    });
    expectStatus(response, 200);
    expect(response.body.representative?.job_title).toBe('Chief Executive');
    expect(response.body.representative?.phone).toBe('+306970000001');
    expect(response.body.representative?.last_name).toBe(representative.last_name);
  });
});

describe('bad input is a 400 with fields and changes nothing', () => {
  const cases: [string, 'PATCH' | 'POST', PathFor<'PATCH' | 'POST'>, unknown, string][] = [
    [
      // A Greek number without its code is read as Greek now (as registration reads it); two digits are no number.
      'contact: a phone too short to be a number',
      'PATCH',
      contactUrl,
      { ...contact, phone: '12' },
      'phone',
    ],
    [
      'contact: a website without scheme',
      'PATCH',
      contactUrl,
      { ...contact, website_url: 'aegean' },
      'website_url',
    ],
    [
      'contact: an email that is none',
      'PATCH',
      contactUrl,
      { ...contact, contact_email: 'not-mail' },
      'contact_email',
    ],
    [
      'contact: a trading address missing',
      'PATCH',
      contactUrl,
      { ...contact, trading_address: null },
      'trading_address',
    ],
    ['contact: an unknown size', 'PATCH', contactUrl, { ...contact, size: 'huge' }, 'size'],
    [
      'representative: Greek letters in the title',
      'PATCH',
      representativeUrl,
      { job_title: 'Διευθυντής', phone: '+302101234567' },
      'job_title',
    ],
    ['representative: no phone', 'PATCH', representativeUrl, { job_title: 'Director' }, 'phone'],
    [
      'change: a VAT number of the wrong format',
      'POST',
      changesUrl,
      { kind: 'company', data: { ...legalCompany, vat_number: 'EL12' } },
      'data.vat_number',
    ],
    [
      'change: no legal name',
      'POST',
      changesUrl,
      { kind: 'company', data: { ...legalCompany, name: '' } },
      'data.name',
    ],
    [
      'change: no directors',
      'POST',
      changesUrl,
      { kind: 'directors', data: { directors: [] } },
      'data.directors',
    ],
    [
      'change: ownership over 100 %',
      'POST',
      changesUrl,
      {
        kind: 'shareholders',
        data: {
          ...shareholders,
          shareholders: shareholders.shareholders.map((holder) => ({ ...holder, percentage: '60' })),
        },
      },
      'data.shareholders',
    ],
    [
      'change: a representative under 18',
      'POST',
      changesUrl,
      {
        kind: 'representative',
        data: { first_name: 'Eleni', last_name: 'Nea', date_of_birth: '2020-01-01', citizenship: 'GR' },
      },
      'data.date_of_birth',
    ],
    ['change: an unknown kind', 'POST', changesUrl, { kind: 'funding', data: {} }, 'kind'],
  ];

  it.each(cases)('%s', async (_name, method, url, body, field) => {
    const before = await databaseDigest(server.db);
    const response = await apiWithBadInput(server.app, method, url, { token: owner.token, body });
    expectStatus(response, 400);
    expect(response.body.error.code).toBe('validation_failed');
    expect(Object.keys(response.body.error.fields ?? {})).toContain(field);
    expect(await databaseDigest(server.db)).toEqual(before);
  });

  it('refuses a malformed sandbox decision and an unknown change', async () => {
    const before = await databaseDigest(server.db);
    const noReason = await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
      params: { id: crypto.randomUUID() },
      body: { decision: 'reject' },
    });
    expectStatus(noReason, 400);
    expect(noReason.body.error.fields).toHaveProperty('reason');
    const badId = await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
      params: { id: 'nope' },
      body: { decision: 'approve' },
    });
    expectStatus(badId, 400);
    const unknown = await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
      params: { id: crypto.randomUUID() },
      body: { decision: 'approve' },
    });
    expectStatus(unknown, 404);
    expect(await databaseDigest(server.db)).toEqual(before);
  });
});

describe('legal data goes back to review', () => {
  it('stores a company change pending_review that alters nothing until the sandbox approves it', async () => {
    const fresh = await approvedOwner(server.app, server.db);
    const requested = await api(server.app, 'POST', '/api/merchants/profile/changes/', {
      token: fresh.token,
      body: { kind: 'company', data: legalCompany },
    });
    expectStatus(requested, 201);
    expect(requested.body).toMatchObject({ kind: 'company', status: 'pending_review', decided_at: null });
    expect(requested.body.data).toMatchObject({ name: 'Aegean Roasters IKE' });

    const waiting = await profileOf(fresh.token);
    expect(waiting.company?.name).toBe(company.name);
    expect(waiting.merchant.name).toBe(company.name);
    expect(waiting.changes).toEqual([requested.body]);

    const again = await api(server.app, 'POST', '/api/merchants/profile/changes/', {
      token: fresh.token,
      body: { kind: 'company', data: { ...legalCompany, name: 'Another Name IKE' } },
    });
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('profile_change_pending');

    const approved = await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
      params: { id: requested.body.id },
      body: { decision: 'approve' },
    });
    expectStatus(approved, 200);
    expect(approved.body.status).toBe('approved');
    const after = await profileOf(fresh.token);
    expect(after.company?.name).toBe('Aegean Roasters IKE');
    expect(after.merchant.name).toBe('Aegean Roasters IKE');
    // What the review did not touch stays as it was.
    expect(after.company?.phone).toBe('+302101234567');
    expect(after.changes[0]?.status).toBe('approved');

    const twice = await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
      params: { id: requested.body.id },
      body: { decision: 'reject', reason: 'Too late' },
    });
    expectStatus(twice, 409);
  });

  it('keeps the data when the change is rejected, and shows the reason', async () => {
    const fresh = await approvedOwner(server.app, server.db);
    const newBoard = {
      directors: [
        ...directors.directors,
        {
          first_name: 'Nikos',
          last_name: 'Georgiou',
          date_of_birth: '1979-09-30',
          is_legal_representative: false,
          home_address: { ...company.registered_address, line1: 'Patision 9' },
        },
      ],
    };
    const requested = await api(server.app, 'POST', '/api/merchants/profile/changes/', {
      token: fresh.token,
      body: { kind: 'directors', data: newBoard },
    });
    expectStatus(requested, 201);
    const rejected = await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
      params: { id: requested.body.id },
      body: { decision: 'reject', reason: 'Send the board resolution.' },
    });
    expectStatus(rejected, 200);
    const after = await profileOf(fresh.token);
    expect(after.directors?.directors).toHaveLength(1);
    expect(after.changes[0]).toMatchObject({ status: 'rejected', reason: 'Send the board resolution.' });
    // A new request of the same kind may follow a decided one.
    const retry = await api(server.app, 'POST', '/api/merchants/profile/changes/', {
      token: fresh.token,
      body: { kind: 'directors', data: newBoard },
    });
    expectStatus(retry, 201);
  });

  it('applies an approved representative identity and shareholder change, keeping the rest', async () => {
    const fresh = await approvedOwner(server.app, server.db);
    const identity = await api(server.app, 'POST', '/api/merchants/profile/changes/', {
      token: fresh.token,
      body: {
        kind: 'representative',
        data: { first_name: 'Eleni', last_name: 'Georgiou', date_of_birth: '1985-04-12', citizenship: 'GR' },
      },
    });
    expectStatus(identity, 201);
    const holders = await api(server.app, 'POST', '/api/merchants/profile/changes/', {
      token: fresh.token,
      body: {
        kind: 'shareholders',
        data: {
          ubos_known: true,
          shareholders: [
            {
              type: 'individual',
              name: 'Eleni Georgiou',
              country: 'GR',
              percentage: '100',
              has_control: true,
            },
          ],
        },
      },
    });
    expectStatus(holders, 201);
    expect((await profileOf(fresh.token)).representative?.last_name).toBe(representative.last_name);
    for (const id of [identity.body.id, holders.body.id]) {
      expect(
        (
          await api(server.app, 'POST', '/api/sandbox/reviews/profile_changes/{id}/', {
            params: { id },
            body: { decision: 'approve' },
          })
        ).status,
      ).toBe(200);
    }
    const after = await profileOf(fresh.token);
    expect(after.representative).toMatchObject({
      last_name: 'Georgiou',
      job_title: representative.job_title,
    });
    expect(after.shareholders?.shareholders).toHaveLength(1);
  });

  it('refuses a change that changes nothing (422), changing nothing', async () => {
    const before = await databaseDigest(server.db);
    const same = await api(server.app, 'POST', '/api/merchants/profile/changes/', {
      token: owner.token,
      body: { kind: 'company', data: { ...legalCompany, name: company.name } },
    });
    expectStatus(same, 422);
    expect(same.body.error.code).toBe('profile_unchanged');
    expect(await databaseDigest(server.db)).toEqual(before);
  });
});

describe('documents', () => {
  it('uploads more, lists the latest first and downloads one’s own', async () => {
    const first = await upload(
      server.app,
      owner.token,
      { content: pdfBytes, filename: 'lease.pdf' },
      'proof_of_address',
      documentsUrl,
    );
    expectStatus(first, 201);
    const list = await api(server.app, 'GET', '/api/merchants/profile/documents/', { token: owner.token });
    expectStatus(list, 200);
    expect(list.body.items[0]).toMatchObject({
      id: first.body.id,
      file_name: 'lease.pdf',
      type: 'proof_of_address',
    });
    expect(list.body.items.length).toBeGreaterThan(1);
    const file = await api(server.app, 'GET', '/api/merchants/profile/documents/{id}/', {
      params: { id: first.body.id },
      token: owner.token,
    });
    expectStatus(file, 200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.raw.rawPayload.equals(pdfBytes)).toBe(true);
  });

  it("answers 404 for another merchant's document and for none, 400 for a malformed id", async () => {
    const theirs = await api(server.app, 'GET', '/api/merchants/profile/documents/', { token: other.token });
    expectStatus(theirs, 200);
    const id = theirs.body.items[0]!.id;
    const response = await api(server.app, 'GET', '/api/merchants/profile/documents/{id}/', {
      params: { id },
      token: owner.token,
    });
    expectStatus(response, 404);
    expect(response.raw.body).not.toContain('PDF');
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/profile/documents/{id}/', {
          params: { id: crypto.randomUUID() },
          token: owner.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await api(server.app, 'GET', '/api/merchants/profile/documents/{id}/', {
          params: { id: 'nope' },
          token: owner.token,
        })
      ).status,
    ).toBe(400);
  });

  const refused: [
    string,
    { content: Buffer; filename: string; contentType?: string },
    string | null,
    number,
    string,
  ][] = [
    [
      'a program disguised as a PDF',
      { content: exeBytes, filename: 'invoice.pdf' },
      'other',
      400,
      'unsupported_file_type',
    ],
    [
      'plain text named .png',
      { content: Buffer.from('hello'), filename: 'a.png', contentType: 'image/png' },
      'other',
      400,
      'unsupported_file_type',
    ],
    ['an empty file', { content: Buffer.alloc(0), filename: 'a.pdf' }, 'other', 400, 'validation_failed'],
    ['no document type', { content: pdfBytes, filename: 'a.pdf' }, null, 400, 'validation_failed'],
    [
      'an unknown document type',
      { content: pdfBytes, filename: 'a.pdf' },
      'selfie',
      400,
      'validation_failed',
    ],
    [
      'a file over 10 MB',
      { content: Buffer.concat([pdfBytes, Buffer.alloc(10 * 1024 * 1024, 32)]), filename: 'big.pdf' },
      'other',
      413,
      'payload_too_large',
    ],
  ];
  it.each(refused)('refuses %s, storing nothing', async (_name, file, type, status, code) => {
    const before = await databaseDigest(server.db);
    const files = storedFiles(server.config.dataDir);
    const sent = await uploadWithBadInput(server.app, owner.token, file, type, documentsUrl);
    expect(sent.status).toBe(status);
    expect(errorOf(sent).code).toBe(code);
    if (status === 400 && code === 'validation_failed') expect(errorOf(sent).fields).toBeDefined();
    expect(await databaseDigest(server.db)).toEqual(before);
    expect(storedFiles(server.config.dataDir)).toEqual(files);
  });
});

describe('the company logo', () => {
  it('takes a large PNG, resizes it to at most 512 px, serves it back to the owner only', async () => {
    const fresh = await approvedOwner(server.app, server.db);
    const sent = await uploadLogo(
      server.app,
      fresh.token,
      { content: pngImage(1600, 900), filename: 'logo.png', contentType: 'image/png' },
      logoUrl,
    );
    expectStatus(sent, 201);
    expect(sent.body.content_type).toBe('image/png');
    const served = await api(server.app, 'GET', '/api/merchants/profile/company_logo/', {
      token: fresh.token,
    });
    expectStatus(served, 200);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.raw.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 512, 288]);
    expect((await profileOf(fresh.token)).logo?.id).toBe(sent.body.id);
    // Another merchant's logo endpoint is their own: none here.
    expect(
      (await api(server.app, 'GET', '/api/merchants/profile/company_logo/', { token: other.token })).status,
    ).toBe(404);
  });

  it('takes a WebP and a JPEG, each replacing the previous logo', async () => {
    const fresh = await approvedOwner(server.app, server.db);
    const webp = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#005aff' } })
      .webp()
      .toBuffer();
    const jpeg = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer();
    for (const [content, filename] of [
      [webp, 'logo.webp'],
      [jpeg, 'logo.jpg'],
    ] as const) {
      const sent = await uploadLogo(
        server.app,
        fresh.token,
        { content, filename, contentType: 'image/webp' },
        logoUrl,
      );
      expectStatus(sent, 201);
    }
    const rows = await server.db
      .selectFrom('merchant_documents')
      .select('file_name')
      .where('merchant_id', '=', fresh.merchantId)
      .where('type', '=', 'company_logo')
      .execute();
    expect(rows).toEqual([{ file_name: 'logo.png' }]);
    const meta = await sharp(
      (await api(server.app, 'GET', '/api/merchants/profile/company_logo/', { token: fresh.token })).raw
        .rawPayload,
    ).metadata();
    expect([meta.width, meta.height]).toEqual([64, 32]);
  });

  const refusedLogos: [string, Buffer, string, number, string][] = [
    ['a PDF named logo.png', pdfBytes, 'logo.png', 400, 'unsupported_file_type'],
    ['a program named logo.png', exeBytes, 'logo.png', 400, 'unsupported_file_type'],
    [
      'a PNG that does not decode',
      Buffer.concat([pngImage(4, 4).subarray(0, 40), Buffer.alloc(40, 7)]),
      'logo.png',
      400,
      'invalid_image',
    ],
    [
      'an image over 10 MB',
      Buffer.concat([pngImage(8, 8), Buffer.alloc(10 * 1024 * 1024, 0)]),
      'logo.png',
      413,
      'payload_too_large',
    ],
  ];
  it.each(refusedLogos)('refuses %s, storing nothing', async (_name, content, filename, status, code) => {
    const before = await databaseDigest(server.db);
    const files = storedFiles(server.config.dataDir);
    const sent = await uploadLogo(
      server.app,
      owner.token,
      { content, filename, contentType: 'image/png' },
      logoUrl,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(status);
    expect(errorOf(sent).code).toBe(code);
    expect(await databaseDigest(server.db)).toEqual(before);
    expect(storedFiles(server.config.dataDir)).toEqual(files);
  });
});

describe('only the owner edits (SPEC §6: profile is closed to employees and viewers)', () => {
  const writes = [
    [
      'updateCompanyContact',
      (token: string) => api(server.app, 'PATCH', contactUrl, { token, body: contact }),
    ],
    [
      'updateRepresentativeContact',
      (token: string) =>
        api(server.app, 'PATCH', representativeUrl, {
          token,
          body: { job_title: 'Boss', phone: '+302101234567' },
        }),
    ],
    [
      'requestProfileChange',
      (token: string) =>
        api(server.app, 'POST', changesUrl, { token, body: { kind: 'company', data: legalCompany } }),
    ],
  ] as const;
  const reads = [
    [profileUrl, (token: string) => api(server.app, 'GET', profileUrl, { token })],
    [documentsUrl, (token: string) => api(server.app, 'GET', documentsUrl, { token })],
    [logoUrl, (token: string) => api(server.app, 'GET', logoUrl, { token })],
  ] as const;
  it.each(['admin', 'employee', 'viewer'] as const)(
    'a %s gets 403 on every change and read, changing nothing',
    async (role) => {
      const member = { admin, employee, viewer }[role];
      const before = await databaseDigest(server.db);
      for (const [name, write] of writes) expectStatus(await write(member.token), 403, name);
      for (const [url, read] of reads) expect((await read(member.token)).status, url).toBe(403);
      const doc = await upload(
        server.app,
        member.token,
        { content: pdfBytes, filename: 'a.pdf' },
        'other',
        documentsUrl,
      );
      expectStatus(doc, 403);
      const logo = await uploadLogo(
        server.app,
        member.token,
        { content: pngImage(8, 8), filename: 'a.png', contentType: 'image/png' },
        logoUrl,
      );
      expectStatus(logo, 403);
      expect(await databaseDigest(server.db)).toEqual(before);
    },
  );
});

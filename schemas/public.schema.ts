/**
 * Public content (SPEC §2 /faq, /terms-of-use, /privacy-policy, /download-app; §7 "legal documents",
 * "accepting terms").
 *
 * Endpoints (operationId), under /api/:
 * - GET  faq/                                   faq                → FaqResponse: every entry in English AND Greek
 *                                                                     (the app shows the chosen language and searches
 *                                                                     it)                                   (public)
 * - GET  legal_documents/                       legalDocuments     → LegalDocumentsResponse: the current version and
 *                                                                     effective date of the terms of use and the privacy
 *                                                                     policy (the texts live in the app)    (public)
 * - GET  download_app/                          downloadApp        → DownloadAppConfig: App Store and Google Play links
 *                                                                     (env APP_STORE_URL, PLAY_STORE_URL); the app draws
 *                                                                     the QR codes                          (public)
 * - GET  merchants/accounts/accept_terms/       legalAcceptances   → LegalAcceptanceStatus: what the signed-in user
 *                                                                     accepted, and whether a current version is
 *                                                                     pending                     (signed in, any area)
 * - POST merchants/accounts/accept_terms/       acceptTerms        AcceptTermsBody → LegalAcceptanceStatus: records the
 *                                                                     user's acceptance of the versions named, which
 *                                                                     must be the current ones (else 409 conflict,
 *                                                                     `details.document`, `details.current_version`);
 *                                                                     accepting a version already accepted records
 *                                                                     nothing new (idempotent)    (signed in, any area)
 *
 * Registration records the acceptance of the versions current then (server/registration.ts); the same table
 * (`legal_acceptances`) holds later ones. The FAQ is content, not interface text: it comes from the server in both
 * languages (server/content/faq.ts), so lang/ holds only the page's own labels.
 */
import { z } from 'zod';
import { text } from './text';
import { legalVersions } from './registration.schema';

/** A text in both languages the app speaks. */
export const LocalizedText = z.object({ en: text(), el: text() }).meta({ id: 'LocalizedText' });
export type LocalizedText = z.infer<typeof LocalizedText>;

export const faqCategories = [
  'getting_started',
  'account_and_top_up',
  'payments',
  'cards',
  'plans_and_fees',
  'security',
  'team',
  'analytics_and_statements',
] as const;
export const FaqCategory = z.enum(faqCategories);
export type FaqCategory = z.infer<typeof FaqCategory>;

export const FaqEntry = z
  .object({
    /** Stable, for links (`/faq#top-up-bank-transfer`). */
    id: text(),
    category: FaqCategory,
    question: LocalizedText,
    /** Plain text; paragraphs separated by a blank line. */
    answer: LocalizedText,
  })
  .meta({ id: 'FaqEntry' });
export type FaqEntry = z.infer<typeof FaqEntry>;

export const FaqResponse = z
  .object({
    /** In the order shown, each with its title in both languages. */
    categories: z.array(z.object({ id: FaqCategory, title: LocalizedText })),
    items: z.array(FaqEntry),
  })
  .meta({ id: 'FaqResponse' });
export type FaqResponse = z.infer<typeof FaqResponse>;

export const legalDocumentNames = ['terms_of_use', 'privacy_policy'] as const;
export const LegalDocumentName = z.enum(legalDocumentNames);
export type LegalDocumentName = z.infer<typeof LegalDocumentName>;

/**
 * The current version of each legal text and the day it takes effect. A new version of a text in the app is a new
 * entry here (and in `legalVersions`, which registration records): signed-in users then see it as pending.
 */
export const legalDocuments = {
  terms_of_use: { version: legalVersions.terms_of_use, effective_date: '2026-01-15', path: '/terms-of-use' },
  privacy_policy: {
    version: legalVersions.privacy_policy,
    effective_date: '2026-01-15',
    path: '/privacy-policy',
  },
} as const satisfies Record<LegalDocumentName, { version: string; effective_date: string; path: string }>;

export const LegalDocument = z
  .object({
    document: LegalDocumentName,
    version: text(),
    /** YYYY-MM-DD. */
    effective_date: text(),
    /** The app's page that shows the text. */
    path: text(),
  })
  .meta({ id: 'LegalDocument' });
export type LegalDocument = z.infer<typeof LegalDocument>;

export const LegalDocumentsResponse = z
  .object({ documents: z.array(LegalDocument) })
  .meta({ id: 'LegalDocumentsResponse' });
export type LegalDocumentsResponse = z.infer<typeof LegalDocumentsResponse>;

export const AcceptTermsBody = z
  .object({
    /** The documents and the versions the user was shown; each must be the current version. */
    documents: z
      .array(z.object({ document: LegalDocumentName, version: text().trim().min(1).max(20) }))
      .min(1, 'Name at least one document.')
      .max(2)
      .refine(
        (items) => new Set(items.map((item) => item.document)).size === items.length,
        'Name each document once.',
      ),
  })
  .meta({ id: 'AcceptTermsBody' });
export type AcceptTermsBody = z.infer<typeof AcceptTermsBody>;

export const LegalAcceptance = z
  .object({
    document: LegalDocumentName,
    current_version: text(),
    effective_date: text(),
    /** The latest version this user accepted, and when; null if none. */
    accepted_version: text().nullable(),
    accepted_at: text().nullable(),
    /** The current version is not accepted yet. */
    pending: z.boolean(),
  })
  .meta({ id: 'LegalAcceptance' });
export type LegalAcceptance = z.infer<typeof LegalAcceptance>;

export const LegalAcceptanceStatus = z
  .object({
    documents: z.array(LegalAcceptance),
    /** Any document pending. */
    pending: z.boolean(),
  })
  .meta({ id: 'LegalAcceptanceStatus' });
export type LegalAcceptanceStatus = z.infer<typeof LegalAcceptanceStatus>;

export const DownloadAppConfig = z
  .object({
    app_store_url: text(),
    play_store_url: text(),
  })
  .meta({ id: 'DownloadAppConfig' });
export type DownloadAppConfig = z.infer<typeof DownloadAppConfig>;

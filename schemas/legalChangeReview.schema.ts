/**
 * The bank's review of a change of a company's legal details (issue 21): the back office's side of
 * schemas/profile.schema.ts `requestProfileChange`. A staff member of the `legal-changes` area reads the waiting
 * changes, oldest first, each with what it changes from what to what and the documents the merchant added from its
 * profile, and approves it (the data applies) or rejects it with a reason (the data stays; the owner reads the reason on
 * the profile). A change is decided once: a second decision is 409.
 *
 * Endpoints (operationId), all under /api/back-office/ (staff realm):
 * - GET  legal-changes/                              legalChangeQueue      → LegalChangeQueue (waiting, oldest first)
 * - GET  legal-changes/{id}/                         legalChange           → LegalChange (waiting or decided)
 * - POST legal-changes/{id}/decision/                decideLegalChange     ReviewBody → LegalChange
 * - GET  legal-changes/{id}/documents/{document_id}/ legalChangeDocument   the file (only the change's merchant's)
 */
import { z } from 'zod';
import { OnboardingDocument, DirectorsStep, ShareholdersStep } from './onboarding.schema';
import { CompanyLegalData, ProfileChangeStatus, RepresentativeIdentity } from './profile.schema';
import { text } from './text';

const legalChangeFields = {
  id: z.uuid(),
  status: ProfileChangeStatus,
  /** The reviewer's reason for a rejection. */
  reason: text().nullable(),
  created_at: text(),
  decided_at: text().nullable(),
  merchant: z.object({ id: z.uuid(), name: text() }),
  /** The merchant's user who asked (the owner); null once that user is gone. */
  requested_by: z.object({ name: text(), email: text() }).nullable(),
  /** The staff member who decided; null while it waits and for a decision of the sandbox rail. */
  decided_by: z.object({ staff_id: z.uuid(), name: text() }).nullable(),
  /** The names of the fields whose value the change alters (`directors`, `shareholders` for the lists). */
  changed_fields: z.array(text()),
  /** Documents the merchant added from its profile (supporting papers for a change), newest first. */
  documents: z.array(OnboardingDocument),
};

/**
 * One change with what it would replace: `current` is the stored data now (for a decided change, the data as it stands
 * today) and `proposed` what the merchant asked for.
 */
export const LegalChange = z
  .discriminatedUnion('kind', [
    z.object({
      ...legalChangeFields,
      kind: z.literal('company'),
      current: CompanyLegalData.nullable(),
      proposed: CompanyLegalData,
    }),
    z.object({
      ...legalChangeFields,
      kind: z.literal('directors'),
      current: DirectorsStep.nullable(),
      proposed: DirectorsStep,
    }),
    z.object({
      ...legalChangeFields,
      kind: z.literal('shareholders'),
      current: ShareholdersStep.nullable(),
      proposed: ShareholdersStep,
    }),
    z.object({
      ...legalChangeFields,
      kind: z.literal('representative'),
      current: RepresentativeIdentity.nullable(),
      proposed: RepresentativeIdentity,
    }),
  ])
  .meta({ id: 'LegalChange' });
export type LegalChange = z.infer<typeof LegalChange>;

export const LegalChangeQueue = z.object({ items: z.array(LegalChange) }).meta({ id: 'LegalChangeQueue' });
export type LegalChangeQueue = z.infer<typeof LegalChangeQueue>;

export const LegalChangeParams = z.object({ id: z.uuid() });
export const LegalChangeDocumentParams = z.object({ id: z.uuid(), document_id: z.uuid() });

/** The most changes the queue lists at once (oldest first: the longest waiting are never cut off). */
export const legalChangeQueueLimit = 100;

import { fromPromise } from 'xstate';
import {
  legalChangeReviewMachine,
  type DecideLegalChangeInput,
} from '../../machines/legalChangeReview.machine';
import type { LegalChange } from '../../schemas/legalChangeReview.schema';
import { failureFromResponse, unwrap, type ApiClient } from '../api/client';

/** The legal change review's effects on the back office's staff API client. */
export function legalChangeReviewLogic(api: ApiClient) {
  return legalChangeReviewMachine.provide({
    actors: {
      loadLegalChange: fromPromise<LegalChange, { id: string }>(async ({ input, signal }) =>
        unwrap(
          api.GET('/api/back-office/legal-changes/{id}/', { params: { path: { id: input.id } }, signal }),
        ),
      ),
      decideLegalChange: fromPromise<LegalChange, DecideLegalChangeInput>(async ({ input }) =>
        unwrap(
          api.POST('/api/back-office/legal-changes/{id}/decision/', {
            params: { path: { id: input.id } },
            body: {
              decision: input.decision,
              ...(input.reason !== undefined ? { reason: input.reason } : {}),
            },
          }),
        ),
      ),
    },
  });
}

/** A document of a change, fetched with the staff token (a plain link would carry none). */
export async function legalChangeDocument(
  api: ApiClient,
  changeId: string,
  documentId: string,
): Promise<Blob> {
  const result = await api.GET('/api/back-office/legal-changes/{id}/documents/{document_id}/', {
    params: { path: { id: changeId, document_id: documentId } },
    parseAs: 'blob',
  });
  if (!result.response.ok || !result.data) throw failureFromResponse(result.response, result.error);
  return result.data;
}

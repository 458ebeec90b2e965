import { fromPromise } from 'xstate';
import { identityReviewMachine, type IdentityDecideInput } from '../../machines/identityReview.machine';
import { merchantReviewMachine, type DecideInput } from '../../machines/merchantReview.machine';
import type { IdentityReviewItem, MerchantReviewFile } from '../../schemas/merchantReview.schema';
import type { KycSide } from '../../schemas/kyc.schema';
import { failureFromResponse, unwrap, type ApiClient } from '../api/client';

/*
 * The bank's review of a merchant (machines/merchantReview.machine.ts) on the back office's staff API client: the
 * file, the decision, and the documents and identity photos, fetched with the staff token (a plain link would carry
 * none) and shown from a blob.
 */

/** The files a reviewer opens inline; each opening is on the audit trail (the server records it). */
export type ReviewFileServices = {
  openDocument: (merchantId: string, documentId: string) => Promise<Blob>;
  openPhoto: (verificationId: string, side: KycSide) => Promise<Blob>;
};

export function reviewFileServices(api: ApiClient): ReviewFileServices {
  return {
    openDocument: async (merchantId, documentId) => {
      const result = await api.GET('/api/back-office/merchant-reviews/{merchant_id}/documents/{id}/', {
        params: { path: { merchant_id: merchantId, id: documentId } },
        parseAs: 'blob',
      });
      if (!result.response.ok || !result.data) throw failureFromResponse(result.response, result.error);
      return result.data;
    },
    openPhoto: async (verificationId, side) => {
      const result = await api.GET('/api/back-office/identity-reviews/{verification_id}/photos/{side}/', {
        params: { path: { verification_id: verificationId, side } },
        parseAs: 'blob',
      });
      if (!result.response.ok || !result.data) throw failureFromResponse(result.response, result.error);
      return result.data;
    },
  };
}

/** The review journey with its effects on the staff client. */
export function merchantReviewLogic(api: ApiClient) {
  return merchantReviewMachine.provide({
    actors: {
      loadFile: fromPromise<MerchantReviewFile, { merchantId: string }>(({ input, signal }) =>
        unwrap(
          api.GET('/api/back-office/merchant-reviews/{merchant_id}/', {
            params: { path: { merchant_id: input.merchantId } },
            signal,
          }),
        ),
      ),
      recheckVat: fromPromise<MerchantReviewFile, { merchantId: string }>(({ input }) =>
        unwrap(
          api.POST('/api/back-office/merchant-reviews/{merchant_id}/vat-check/', {
            params: { path: { merchant_id: input.merchantId } },
          }),
        ),
      ),
      decide: fromPromise<MerchantReviewFile, DecideInput>(({ input }) => {
        const path = { params: { path: { merchant_id: input.merchantId } } };
        const { decision } = input;
        switch (decision.kind) {
          case 'approve':
            return unwrap(api.POST('/api/back-office/merchant-reviews/{merchant_id}/approve/', path));
          case 'reject':
            return unwrap(
              api.POST('/api/back-office/merchant-reviews/{merchant_id}/reject/', {
                ...path,
                body: { reason: decision.reason },
              }),
            );
          case 'requestInformation':
            return unwrap(
              api.POST('/api/back-office/merchant-reviews/{merchant_id}/request-information/', {
                ...path,
                body: { steps: decision.steps },
              }),
            );
        }
      }),
    },
  });
}

/** A person's review of one identity verification with its effects on the staff client. */
export function identityReviewLogic(api: ApiClient) {
  return identityReviewMachine.provide({
    actors: {
      loadItem: fromPromise<IdentityReviewItem, { verificationId: string }>(({ input, signal }) =>
        unwrap(
          api.GET('/api/back-office/identity-reviews/{verification_id}/', {
            params: { path: { verification_id: input.verificationId } },
            signal,
          }),
        ),
      ),
      decide: fromPromise<IdentityReviewItem, IdentityDecideInput>(({ input }) => {
        const path = { params: { path: { verification_id: input.verificationId } } };
        return input.decision.kind === 'confirm'
          ? unwrap(api.POST('/api/back-office/identity-reviews/{verification_id}/confirm/', path))
          : unwrap(
              api.POST('/api/back-office/identity-reviews/{verification_id}/refuse/', {
                ...path,
                body: { reason: input.decision.reason },
              }),
            );
      }),
    },
  });
}

import type { MerchantStatus as PublicMerchantStatus } from '../../schemas/onboarding.schema';
import type { MerchantStatus } from '../db/types';

export type { PublicMerchantStatus };

/**
 * The status the API shows: the stored `pending` (a merchant not yet submitted) is `onboarding`; a closed merchant can
 * no longer write.
 */
export function publicMerchantStatus(status: MerchantStatus): PublicMerchantStatus {
  if (status === 'pending') return 'onboarding';
  if (status === 'closed') return 'rejected';
  return status;
}

/**
 * The owner may change the onboarding steps only before review, after a rejection, and while the bank asks for more
 * information (then only the steps it named: server/onboarding/onboarding.ts `withEditableOnboarding`).
 */
export function isEditable(status: MerchantStatus): boolean {
  return (
    status === 'onboarding' ||
    status === 'pending' ||
    status === 'rejected' ||
    status === 'information_requested'
  );
}

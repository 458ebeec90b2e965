import { z } from 'zod';

/** Every API error has this shape (docs/engineering.md principle 10). `fields` maps a body path to its problem. */
export const ApiError = z
  .object({
    error: z.object({
      code: z.string(),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** Extra machine-readable facts, e.g. `attempts_left` for a wrong one-time code. */
      details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiError>;

/** Error codes the app reacts to; the message text shown to users comes from lang/, keyed by code. */
export const errorCodes = [
  'bad_request',
  'validation_failed',
  'payload_too_large',
  'unauthorized',
  'session_expired',
  'forbidden',
  'not_found',
  'conflict',
  'invalid_credentials',
  'bot_check_failed',
  'login_expired',
  'otp_invalid',
  'otp_exhausted',
  'otp_expired',
  'otp_cooldown',
  'mfa_method_unavailable',
  // A staff passkey answer that did not verify (issue 21).
  'passkey_refused',
  'step_up_required',
  'rate_limited',
  'token_invalid',
  'insufficient_funds',
  'merchant_not_approved',
  'onboarding_locked',
  'onboarding_incomplete',
  'merchant_not_in_review',
  // The bank's review (issue 21, schemas/merchantReview.schema.ts): a step the bank did not ask about while it asks
  // for more information, the same staff member approving a flagged merchant twice, an approval before a person
  // confirmed the representative's identity, and an identity review the verification's state does not allow.
  'step_locked',
  'four_eyes_same_reviewer',
  'identity_not_confirmed',
  'identity_review_state',
  'unsupported_file_type',
  'name_check_unconfirmed',
  // Send money (schemas/sendMoney.schema.ts).
  'payee_check_required',
  'payee_check_not_confirmed',
  'recipient_not_allowed',
  // Cards (schemas/cards.schema.ts): a transition the card's status does not allow, SPEC §9's 3 + 3 per user, and a
  // card order that is no longer payable.
  'card_status',
  'card_limit_reached',
  'cart_expired',
  'cart_paid',
  // Team (schemas/employees.schema.ts): a disabled user's sign-in, an invitation that can no longer be used (410,
  // `details.state`), and a status that cannot be changed (the owner's, one's own).
  'account_disabled',
  'invitation_unavailable',
  'employee_not_changeable',
  // Plans and billing (schemas/plans.schema.ts): a cart for the plan and period the merchant is on already, a quote
  // whose subscription (or prices) changed before it was paid, a cancel or undo the subscription's state does not
  // allow, and an account deletion that is already requested or no longer scheduled (`details.state` on each).
  'plan_unchanged',
  'quote_changed',
  'subscription_state',
  'deletion_state',
  // Analytics (schemas/analytics.schema.ts): SPEC §8 "No data found for this currency." (no account in it).
  'no_data',
  // Settings (schemas/settings.schema.ts): a wrong current password when changing it, and the last second-factor method.
  'invalid_current_password',
  'last_mfa_method',
  // Profile (schemas/profile.schema.ts): a change of that kind already waits for review, a change that changes nothing,
  // a logo that is not a readable image, a profile whose onboarding data is missing.
  'profile_change_pending',
  'profile_unchanged',
  'invalid_image',
  'profile_incomplete',
  // Addresses (schemas/addresses.schema.ts): the registered address is legal data, changed only through review.
  'registered_address_locked',
  // The database cannot be reached right now (503 with Retry-After): not a bug; try again shortly.
  'service_unavailable',
  'internal_error',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Step-up: a fresh one-time code before a sensitive action (SPEC §2 /otp-authentication/:method).
 *
 * Endpoints (operationId), all secured, under /api/merchants/step-up/:
 * - GET  methods/   stepUpMethods  → StepUpMethodsResponse: where a code can go, masked
 * - POST (root)     stepUpStart    StepUpStartBody → StepUpStartResponse (a code sent through the outbox)
 * - POST verify/    stepUpVerify   StepUpVerifyBody → StepUpVerifyResponse (a single-use grant token)
 *
 * The action then sends the grant in the `X-Step-Up-Token` header; a missing, expired, reused, another user's or
 * another purpose's grant is a 403 `step_up_required`.
 */
import { z } from 'zod';
import { text } from './text';
import { LoginMfaMethod, OtpCode } from './auth.schema';

/** The actions that need a fresh code; adding one is one line here. */
export const stepUpPurposes = [
  'identity_verification',
  'send_money',
  'card_reveal',
  'account_deletion',
  // Settings: changing the password, adding an authenticator app.
  'password_change',
  'mfa_change',
] as const;
export const StepUpPurpose = z.enum(stepUpPurposes);
export type StepUpPurpose = z.infer<typeof StepUpPurpose>;

export const stepUpHeader = 'x-step-up-token';

export const StepUpMethod = z
  .object({
    /** `totp`: the user's authenticator app, offered once one is confirmed; nothing is sent. */
    method: LoginMfaMethod,
    /** Masked address the code goes to, e.g. `d***@tameio.test` or `+30 ******4567`; empty for `totp`. */
    destination: text(),
  })
  .meta({ id: 'StepUpMethod' });
export type StepUpMethod = z.infer<typeof StepUpMethod>;

export const StepUpMethodsResponse = z
  .object({ available_methods: z.array(StepUpMethod) })
  .meta({ id: 'StepUpMethodsResponse' });
export type StepUpMethodsResponse = z.infer<typeof StepUpMethodsResponse>;

export const StepUpStartBody = z
  .object({ purpose: StepUpPurpose, method: LoginMfaMethod })
  .meta({ id: 'StepUpStartBody' });
export type StepUpStartBody = z.infer<typeof StepUpStartBody>;

export const StepUpStartResponse = z
  .object({
    method: LoginMfaMethod,
    destination: text(),
    /** Seconds the code stays valid. */
    expires_in: z.number().int(),
    /** Seconds until another code may be sent. */
    resend_in: z.number().int(),
  })
  .meta({ id: 'StepUpStartResponse' });
export type StepUpStartResponse = z.infer<typeof StepUpStartResponse>;

export const StepUpVerifyBody = z
  .object({ purpose: StepUpPurpose, code: OtpCode })
  .meta({ id: 'StepUpVerifyBody' });
export type StepUpVerifyBody = z.infer<typeof StepUpVerifyBody>;

export const StepUpVerifyResponse = z
  .object({
    /** Single use; send it as the `X-Step-Up-Token` header of the action. */
    step_up_token: text(),
    /** Seconds the grant stays valid. */
    expires_in: z.number().int(),
  })
  .meta({ id: 'StepUpVerifyResponse' });
export type StepUpVerifyResponse = z.infer<typeof StepUpVerifyResponse>;

/** The header of an action that needs a grant, for its OpenAPI schema and the generated client. */
export const StepUpHeaders = z.object({
  [stepUpHeader]: text().min(1).max(200).optional(),
});

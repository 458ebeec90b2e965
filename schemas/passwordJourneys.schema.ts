import { z } from 'zod';
import { text } from './text';
import { AltchaPayload, Email } from './auth.schema';
import { NewPassword } from './password.schema';

/** Reset (forgot password) and create (first password of an invited account) journeys, SPEC §2 and §7. */

/**
 * A second link for the same account and purpose within this many seconds is silently not sent (server/auth/
 * passwordTokens.ts), so the page offers none either.
 */
export const passwordLinkCooldownSeconds = 60;

export const PasswordTokenPurpose = z.enum(['reset', 'create']);
export type PasswordTokenPurpose = z.infer<typeof PasswordTokenPurpose>;

/** Asking for a link by email: the answer is the same whether or not an account exists (no enumeration). */
export const PasswordLinkRequestBody = z
  .object({ email: Email, altcha: AltchaPayload })
  .meta({ id: 'PasswordLinkRequestBody' });
export type PasswordLinkRequestBody = z.infer<typeof PasswordLinkRequestBody>;

export const PasswordLinkRequestResponse = z
  .object({
    /** Seconds a link we may have sent stays valid. */
    expires_in: z.number().int(),
  })
  .meta({ id: 'PasswordLinkRequestResponse' });
export type PasswordLinkRequestResponse = z.infer<typeof PasswordLinkRequestResponse>;

/** The opaque link token: 256 random bits, base64url. */
export const PasswordLinkToken = text().min(16).max(200);

/** The new password and its confirmation, with SPEC §5's "Passwords do not match" on the confirmation. */
function withMatchingConfirmation<
  T extends z.ZodObject<{ password: typeof NewPassword; password_confirmation: z.ZodString }>,
>(schema: T) {
  return schema.superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'passwords_do_not_match' });
    }
  });
}

export const PasswordResetConfirmBody = withMatchingConfirmation(
  z.object({
    uid: z.uuid(),
    token: PasswordLinkToken,
    password: NewPassword,
    password_confirmation: text().max(1024),
  }),
).meta({ id: 'PasswordResetConfirmBody' });
export type PasswordResetConfirmBody = z.infer<typeof PasswordResetConfirmBody>;

export const SetPasswordBody = withMatchingConfirmation(
  z.object({
    uid: z.uuid(),
    token: PasswordLinkToken,
    password: NewPassword,
    password_confirmation: text().max(1024),
  }),
).meta({ id: 'SetPasswordBody' });
export type SetPasswordBody = z.infer<typeof SetPasswordBody>;

/** Sandbox: an employee of the caller's merchant without a password, who gets a create-password link. */
export const SandboxUserBody = z
  .object({
    email: Email,
    first_name: text().trim().min(1).max(100),
    last_name: text().trim().min(1).max(100),
    employee_type: z.enum(['admin', 'employee', 'viewer']).default('employee'),
  })
  .meta({ id: 'SandboxUserBody' });

export const SandboxUserResponse = z
  .object({ id: z.uuid(), email: text() })
  .meta({ id: 'SandboxUserResponse' });

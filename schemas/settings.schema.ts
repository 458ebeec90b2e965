/**
 * Settings (SPEC §2 /settings/:page?): language, password, second-factor methods, active sessions.
 *
 * Endpoints (operationId), all for the signed-in user's own account:
 * - GET  /api/merchants/settings/                 settings             → SettingsResponse
 * - PUT  /api/merchants/settings/language/        updateLanguage       LanguageBody → LanguageBody
 * - POST /api/merchants/accounts/password/change/ changePassword       ChangePasswordBody + X-Step-Up-Token
 *                                                                        (purpose password_change) → 204
 * - POST /api/merchants/settings/mfa/totp/        totpEnrollStart      → TotpEnrollment (the secret, shown once)
 * - POST /api/merchants/settings/mfa/totp/confirm/ totpEnrollConfirm   TotpConfirmBody + X-Step-Up-Token
 *                                                                        (purpose mfa_change) → SecuritySettings
 * - PUT  /api/merchants/settings/mfa/default/     setDefaultMfaMethod  MfaMethodBody → SecuritySettings
 * - POST /api/merchants/settings/mfa/remove/      removeMfaMethod      MfaMethodBody → SecuritySettings (never the last)
 * - POST /api/merchants/settings/mfa/enable/      enableMfaMethod      CodeMethodBody → SecuritySettings
 * - GET  /api/merchants/settings/sessions/        sessions             → SessionsResponse
 * - POST /api/merchants/settings/sessions/revoke/ revokeSession        RevokeSessionBody → 204
 */
import { z } from 'zod';
import { text } from './text';
import { Language, LoginMfaMethod, MfaMethod, OtpCode } from './auth.schema';
import { NewPassword } from './password.schema';

export const LanguageBody = z.object({ language: Language }).meta({ id: 'LanguageBody' });
export type LanguageBody = z.infer<typeof LanguageBody>;

export const UserMfaMethod = z
  .object({
    method: LoginMfaMethod,
    /** Masked email or phone; null for the authenticator app. */
    destination: text().nullable(),
    is_default: z.boolean(),
  })
  .meta({ id: 'UserMfaMethod' });
export type UserMfaMethod = z.infer<typeof UserMfaMethod>;

export const SecuritySettings = z
  .object({
    /** The methods the user signs in with, the default first. */
    methods: z.array(UserMfaMethod),
    /** Methods that can be turned on: email or SMS turned off earlier (SMS only with a phone), `totp` when none. */
    can_add: z.array(LoginMfaMethod),
  })
  .meta({ id: 'SecuritySettings' });
export type SecuritySettings = z.infer<typeof SecuritySettings>;

export const SettingsResponse = z
  .object({ language: Language, security: SecuritySettings })
  .meta({ id: 'SettingsResponse' });
export type SettingsResponse = z.infer<typeof SettingsResponse>;

export const ChangePasswordBody = z
  .object({
    current_password: text().min(1).max(1024),
    password: NewPassword,
    password_confirmation: text().max(1024),
    /** End every other session of the user (this one stays). */
    sign_out_other_sessions: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'passwords_do_not_match' });
    }
  })
  .meta({ id: 'ChangePasswordBody' });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const TotpEnrollment = z
  .object({
    /** Base32, for typing into the app by hand; never returned again. */
    secret: text(),
    /** The `otpauth://totp/...` URI the QR code carries. */
    otpauth_uri: text(),
  })
  .meta({ id: 'TotpEnrollment' });
export type TotpEnrollment = z.infer<typeof TotpEnrollment>;

export const TotpConfirmBody = z.object({ code: OtpCode }).meta({ id: 'TotpConfirmBody' });
export type TotpConfirmBody = z.infer<typeof TotpConfirmBody>;

export const MfaMethodBody = z.object({ method: LoginMfaMethod }).meta({ id: 'MfaMethodBody' });
export type MfaMethodBody = z.infer<typeof MfaMethodBody>;

export const CodeMethodBody = z.object({ method: MfaMethod }).meta({ id: 'CodeMethodBody' });
export type CodeMethodBody = z.infer<typeof CodeMethodBody>;

export const ActiveSession = z
  .object({
    id: text(),
    created_at: text(),
    /** When its refresh token was last turned: the last time the session was used, to a few minutes. */
    last_active_at: text(),
    user_agent: text().nullable(),
    ip: text().nullable(),
    /** The session this request comes from. */
    current: z.boolean(),
  })
  .meta({ id: 'ActiveSession' });
export type ActiveSession = z.infer<typeof ActiveSession>;

export const SessionsResponse = z
  .object({ sessions: z.array(ActiveSession) })
  .meta({ id: 'SessionsResponse' });
export type SessionsResponse = z.infer<typeof SessionsResponse>;

export const RevokeSessionBody = z.object({ session_id: z.uuid() }).meta({ id: 'RevokeSessionBody' });
export type RevokeSessionBody = z.infer<typeof RevokeSessionBody>;

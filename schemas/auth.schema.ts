import { z } from 'zod';

/** Shared by the login form and the initializeLogin endpoint. */
export const Email = z.string().trim().toLowerCase().max(254).pipe(z.email());

export const MfaMethod = z.enum(['email', 'sms']);
export type MfaMethod = z.infer<typeof MfaMethod>;

export const OtpCode = z.string().regex(/^\d{6}$/, 'Enter the 6-digit code.');

/** The solved ALTCHA payload (base64 JSON) from the bot-check widget. */
export const AltchaPayload = z.string().min(1).max(4096);

export const AltchaChallenge = z
  .object({
    algorithm: z.string(),
    challenge: z.string(),
    maxnumber: z.number().optional(),
    salt: z.string(),
    signature: z.string(),
  })
  .meta({ id: 'AltchaChallenge' });

export const InitializeLoginBody = z
  .object({
    email: Email,
    password: z.string().min(1).max(1024),
    altcha: AltchaPayload,
  })
  .meta({ id: 'InitializeLoginBody' });
export type InitializeLoginBody = z.infer<typeof InitializeLoginBody>;

/** A login ticket: proof that the password step passed, good only for the second-factor step. */
export const InitializeLoginResponse = z
  .object({
    login_token: z.string(),
    expires_in: z.number().int(),
  })
  .meta({ id: 'InitializeLoginResponse' });

export const LoginTicketBody = z
  .object({ login_token: z.string().min(1).max(200) })
  .meta({ id: 'LoginTicketBody' });

export const AvailableMfaMethodsResponse = z
  .object({
    available_mfa_methods: z.array(
      z.object({
        method: MfaMethod,
        /** Masked address the code goes to, e.g. `d***@tameio.test` or `+30 ******4567`. */
        destination: z.string(),
      }),
    ),
  })
  .meta({ id: 'AvailableMfaMethodsResponse' });
export type AvailableMfaMethodsResponse = z.infer<typeof AvailableMfaMethodsResponse>;

export const SendLoginOtpBody = z
  .object({ login_token: z.string().min(1).max(200), method: MfaMethod })
  .meta({ id: 'SendLoginOtpBody' });

export const SendLoginOtpResponse = z
  .object({
    method: MfaMethod,
    destination: z.string(),
    /** Seconds the code stays valid. */
    expires_in: z.number().int(),
    /** Seconds until another code may be sent. */
    resend_in: z.number().int(),
  })
  .meta({ id: 'SendLoginOtpResponse' });
export type SendLoginOtpResponse = z.infer<typeof SendLoginOtpResponse>;

export const OtpLoginBody = z
  .object({ login_token: z.string().min(1).max(200), code: OtpCode })
  .meta({ id: 'OtpLoginBody' });

export const UserInfo = z
  .object({
    id: z.string(),
    email: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    is_owner: z.boolean(),
    employee_type: z.enum(['admin', 'employee', 'viewer']).nullable(),
    merchant: z.object({
      id: z.string(),
      name: z.string(),
      /** onboarding → in_review → approved | rejected (rejected reopens the steps). */
      status: z.enum(['onboarding', 'in_review', 'rejected', 'approved']),
    }),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfo>;

/** Returned by otpLogin and refreshToken; the refresh token itself travels only in the HttpOnly cookie. */
export const SessionResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal('Bearer'),
    /** Seconds until the access token expires. */
    expires_in: z.number().int(),
    user: UserInfo,
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** SPEC §7: logout takes `{refresh_token}`; the server revokes the cookie's session either way. */
export const LogoutBody = z
  .object({ refresh_token: z.string().max(200).optional() })
  .meta({ id: 'LogoutBody' });

export const ClientConfig = z
  .object({
    environment: z.enum(['development', 'test', 'production']),
    idle_timeout_seconds: z.number().int(),
    idle_warning_seconds: z.number().int(),
    sandbox: z.boolean(),
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof ClientConfig>;

import { z } from 'zod';
import { text } from './text';
import { MapSettings } from './addresses.schema';

/** Shared by the login form and the initializeLogin endpoint. */
export const Email = text().trim().toLowerCase().max(254).pipe(z.email());

/** Where a one-time code can be sent. */
export const MfaMethod = z.enum(['email', 'sms']);
export type MfaMethod = z.infer<typeof MfaMethod>;

/** A second factor at sign-in: a code sent by email or SMS, or one from an authenticator app (TOTP). */
export const LoginMfaMethod = z.enum(['email', 'sms', 'totp']);
export type LoginMfaMethod = z.infer<typeof LoginMfaMethod>;

/** The languages a user may choose (SPEC §1); stored on the user so it follows them. */
export const Language = z.enum(['en', 'el']);
export type Language = z.infer<typeof Language>;

export const OtpCode = text().regex(/^\d{6}$/, 'Enter the 6-digit code.');

/** The solved ALTCHA payload (base64 JSON) from the bot-check widget. */
export const AltchaPayload = text().min(1).max(4096);

export const AltchaChallenge = z
  .object({
    algorithm: text(),
    challenge: text(),
    maxnumber: z.number().optional(),
    salt: text(),
    signature: text(),
  })
  .meta({ id: 'AltchaChallenge' });

export const InitializeLoginBody = z
  .object({
    email: Email,
    password: text().min(1).max(1024),
    altcha: AltchaPayload,
  })
  .meta({ id: 'InitializeLoginBody' });
export type InitializeLoginBody = z.infer<typeof InitializeLoginBody>;

/** A login ticket: proof that the password step passed, good only for the second-factor step. */
export const InitializeLoginResponse = z
  .object({
    login_token: text(),
    expires_in: z.number().int(),
  })
  .meta({ id: 'InitializeLoginResponse' });

export const LoginTicketBody = z
  .object({ login_token: text().min(1).max(200) })
  .meta({ id: 'LoginTicketBody' });

export const AvailableMfaMethodsResponse = z
  .object({
    /** The user's methods, the default first. */
    available_mfa_methods: z.array(
      z.object({
        method: LoginMfaMethod,
        /** Masked address the code goes to, e.g. `d***@tameio.test` or `+30 ******4567`; empty for `totp`. */
        destination: text(),
      }),
    ),
  })
  .meta({ id: 'AvailableMfaMethodsResponse' });
export type AvailableMfaMethodsResponse = z.infer<typeof AvailableMfaMethodsResponse>;

export const SendLoginOtpBody = z
  .object({ login_token: text().min(1).max(200), method: MfaMethod })
  .meta({ id: 'SendLoginOtpBody' });

export const SendLoginOtpResponse = z
  .object({
    method: MfaMethod,
    destination: text(),
    /** Seconds the code stays valid. */
    expires_in: z.number().int(),
    /** Seconds until another code may be sent. */
    resend_in: z.number().int(),
  })
  .meta({ id: 'SendLoginOtpResponse' });
export type SendLoginOtpResponse = z.infer<typeof SendLoginOtpResponse>;

export const OtpLoginBody = z
  .object({
    login_token: text().min(1).max(200),
    code: OtpCode,
    /** `totp`: the code is the authenticator app's; otherwise the code sent by email or SMS. */
    method: LoginMfaMethod.optional(),
  })
  .meta({ id: 'OtpLoginBody' });

export const UserInfo = z
  .object({
    id: text(),
    email: text(),
    first_name: text(),
    last_name: text(),
    is_owner: z.boolean(),
    employee_type: z.enum(['admin', 'employee', 'viewer']).nullable(),
    /**
     * What an employee sees of the company's money (schemas/employees.schema.ts `AccessLevel`): `own` only their cards
     * and their payments; null for the owner. The screens word an `own` view as such; absent reads as `company`.
     */
    access_level: z.enum(['own', 'company']).nullable().optional(),
    /** The user's language, applied by the app after sign-in. */
    language: Language,
    merchant: z.object({
      id: text(),
      name: text(),
      /** onboarding → in_review → approved | rejected (rejected reopens the steps) | information_requested (the steps named). */
      status: z.enum(['onboarding', 'in_review', 'information_requested', 'rejected', 'approved']),
    }),
  })
  .meta({ id: 'UserInfo' });
export type UserInfo = z.infer<typeof UserInfo>;

/** Returned by otpLogin and refreshToken; the refresh token itself travels only in the HttpOnly cookie. */
export const SessionResponse = z
  .object({
    access_token: text(),
    token_type: z.literal('Bearer'),
    /** Seconds until the access token expires. */
    expires_in: z.number().int(),
    user: UserInfo,
  })
  .meta({ id: 'SessionResponse' });
export type SessionResponse = z.infer<typeof SessionResponse>;

/** SPEC §7: logout takes `{refresh_token}`; the server revokes the cookie's session either way. */
export const LogoutBody = z.object({ refresh_token: text().max(200).optional() }).meta({ id: 'LogoutBody' });

export const ClientConfig = z
  .object({
    environment: z.enum(['development', 'test', 'production']),
    idle_timeout_seconds: z.number().int(),
    idle_warning_seconds: z.number().int(),
    /** How long a one-time code works (OTP_TTL_SECONDS): the code forms quote it. */
    otp_ttl_seconds: z.number().int(),
    sandbox: z.boolean(),
    /** The map of /my-addresses: street tiles when configured. */
    map: MapSettings,
  })
  .meta({ id: 'ClientConfig' });
export type ClientConfig = z.infer<typeof ClientConfig>;

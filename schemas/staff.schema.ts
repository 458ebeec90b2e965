/**
 * The bank's staff realm (issue 21, docs/decisions/023-staff-realm.md): signing in to the back office and the staff
 * accounts. Every endpoint is under /api/back-office/; the staff access token (`staffBearer`) opens those and nothing
 * else, and a merchant token opens none of them.
 *
 * - POST back-office/auth/login/           staffLogin          email + password → a ticket for the second factor
 * - POST back-office/auth/login/totp/      staffLoginTotp      ticket + authenticator code → session
 * - POST back-office/auth/login/passkey/   staffLoginPasskey   ticket + WebAuthn answer → session
 * - POST back-office/auth/refresh/         staffRefresh        the staff refresh cookie → new access token
 * - POST back-office/auth/logout/          staffLogout
 * - GET  back-office/me/                   staffMe             who is signed in, their passkeys
 * - POST back-office/me/passkeys/options/  staffPasskeyOptions WebAuthn creation options
 * - POST back-office/me/passkeys/          staffPasskeyAdd     the authenticator's answer → a passkey
 * - GET  back-office/staff/                staffList           (admin)
 * - POST back-office/staff/                staffCreate         (admin) → the first password and authenticator secret
 * - POST back-office/staff/{id}/disable/   staffDisable        (admin)
 */
import { z } from 'zod';
import { staffRoles } from './permissions';
import { text } from './text';

export const StaffRole = z.enum(staffRoles);

export const StaffLoginBody = z.object({
  email: text().trim().max(254),
  password: text().max(256),
});

/** A WebAuthn answer as @simplewebauthn/browser gives it; its parts are checked by the server's WebAuthn library. */
const WebAuthnAnswer = z.looseObject({
  id: text().max(1024),
  rawId: text().max(1024),
  type: z.literal('public-key'),
  response: z.looseObject({ clientDataJSON: text().max(8192) }),
  clientExtensionResults: z.looseObject({}),
});

export const StaffLoginStep = z.object({
  ticket: text(),
  /** The second factors this staff member can use now: `passkey` once one is added, `totp` always. */
  methods: z.array(z.enum(['passkey', 'totp'])),
  /** For navigator.credentials.get (via @simplewebauthn/browser startAuthentication); null without passkeys. */
  passkey_options: z.looseObject({ challenge: text() }).nullable(),
});

export const StaffTotpBody = z.object({
  ticket: text().max(200),
  code: text()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6 digits your authenticator app shows.'),
});

export const StaffPasskeyBody = z.object({
  ticket: text().max(200),
  response: WebAuthnAnswer,
});

export const StaffMember = z.object({ id: text(), email: text(), name: text(), role: StaffRole });

export const StaffSession = z.object({
  access_token: text(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  staff: StaffMember,
});

export const StaffMe = StaffMember.extend({
  passkeys: z.array(
    z.object({
      credential_id: text(),
      name: text(),
      created_at: text(),
      last_used_at: text().nullable(),
    }),
  ),
});

export const PasskeyCreationOptions = z.looseObject({ challenge: text() });

export const StaffPasskeyAddBody = z.object({
  name: text().trim().min(1, 'Give the passkey a name, e.g. "Work laptop".').max(60),
  response: WebAuthnAnswer.extend({
    response: z.looseObject({ clientDataJSON: text().max(8192), attestationObject: text().max(16384) }),
  }),
});

export const StaffPasskeyAdded = z.object({ credential_id: text(), name: text() });

export const StaffSummary = StaffMember.extend({
  status: z.enum(['enabled', 'disabled']),
  created_at: text(),
  passkeys: z.number().int(),
});

export const StaffListResponse = z.object({ staff: z.array(StaffSummary) });

export const StaffCreateBody = z.object({
  email: text().trim().max(254),
  name: text().trim().max(120),
  role: StaffRole,
});

export const StaffCreated = z.object({
  staff: StaffSummary,
  /** Shown once, to hand over in person: the first password and the authenticator app's secret. */
  password: text(),
  totp_secret: text(),
  totp_uri: text(),
});

export const StaffIdParams = z.object({ id: z.uuid('Not a staff member’s id.') });

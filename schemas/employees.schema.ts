/**
 * Team (SPEC §1 roles, §2 /my-employees, /my-employees/add-employees, /merchant-invitation/:key/accept,
 * /invitation/success; §3 Employee, Invitation; §4 employee and invitation states; §8 messages).
 *
 * Endpoints (operationId), under /api/merchants/:
 * - GET    employees/                        employees              → EmployeesResponse              (area 'my-employees')
 * - PATCH  employees/{id}/status/            updateEmployeeStatus   EmployeeStatusBody → Employee; disabling revokes
 *                                                                    every session of the user at once; the owner
 *                                                                    cannot be disabled (422)       (area 'my-employees')
 * - GET    invitations/                      invitations            → InvitationsResponse (pending first)
 *                                                                                                    (area 'add-employees')
 * - POST   invitations/                      inviteEmployee         InviteBody + Idempotency-Key → 201 Invitation;
 *                                                                    the email goes through the outbox with a
 *                                                                    single-use link valid
 *                                                                    `invitationTtlHours`; an address that already
 *                                                                    has a user, or a pending invitation of this
 *                                                                    merchant, is 409               (area 'add-employees')
 * - POST   invitations/{id}/cancel/          cancelInvitation       → Invitation (cancelled); not pending → 409
 *                                                                                                    (area 'add-employees')
 * Public (no session; the key is the secret, 256 bits, only its hash stored):
 * - GET    invitations/by-key/{key}/         invitationByKey        → InvitationPreview; unknown 404; accepted,
 *                                                                    cancelled or expired 410 with the state in
 *                                                                    `details.state`
 * - POST   invitations/by-key/{key}/send_sms_verification/
 *                                           invitationSendSms      InvitationPhoneBody → SendVerificationResponse
 * - POST   invitations/by-key/{key}/accept/  acceptInvitation       AcceptInvitationBody → 201 AcceptInvitationResponse:
 *                                                                    creates the user in the merchant with the role and
 *                                                                    access level of the invitation, marks it
 *                                                                    accepted (single use, in one transaction); the
 *                                                                    invitee then signs in at /login
 *
 * Roles (SPEC §1 names Admin, Viewer, Cardholder; `users.employee_type` stores admin, employee, viewer): Cardholder is
 * `employee`. Access level says what an employee sees on /overview: `own` their cards and card payments only,
 * `company` also the company's account balances and transactions.
 */
import { z } from 'zod';
import { text } from './text';
import { Email, MfaMethod, OtpCode } from './auth.schema';
import { NewPassword } from './password.schema';
import { MobilePhone, PersonName } from './registration.schema';

/** How long an invitation link works. */
export const invitationTtlHours = 72;

export const EmployeeRole = z.enum(['admin', 'employee', 'viewer']);
export type EmployeeRole = z.infer<typeof EmployeeRole>;

export const AccessLevel = z.enum(['own', 'company']);
export type AccessLevel = z.infer<typeof AccessLevel>;

export const EmployeeStatus = z.enum(['enabled', 'disabled']);
export type EmployeeStatus = z.infer<typeof EmployeeStatus>;

export const InvitationState = z.enum(['pending', 'accepted', 'cancelled', 'expired']);
export type InvitationState = z.infer<typeof InvitationState>;

export const Employee = z
  .object({
    id: z.uuid(),
    first_name: text(),
    last_name: text(),
    email: text(),
    is_owner: z.boolean(),
    /** Null for the owner. */
    role: EmployeeRole.nullable(),
    access_level: AccessLevel.nullable(),
    status: EmployeeStatus,
    /** Cards assigned to them that are not destroyed. */
    cards: z.array(z.object({ id: z.uuid(), name: text(), last4: text(), status: text() })),
    created_at: text(),
  })
  .meta({ id: 'Employee' });
export type Employee = z.infer<typeof Employee>;

export const EmployeesResponse = z.object({ items: z.array(Employee) }).meta({ id: 'EmployeesResponse' });
export type EmployeesResponse = z.infer<typeof EmployeesResponse>;

export const EmployeeParams = z.object({ id: z.uuid() });
export const EmployeeStatusBody = z
  .object({ status: EmployeeStatus })
  .strict()
  .meta({ id: 'EmployeeStatusBody' });
export type EmployeeStatusBody = z.infer<typeof EmployeeStatusBody>;

export const InviteBody = z
  .object({
    email: Email,
    first_name: PersonName,
    last_name: PersonName,
    role: EmployeeRole,
    access_level: AccessLevel,
  })
  .strict()
  .meta({ id: 'InviteBody' });
export type InviteBody = z.infer<typeof InviteBody>;

export const Invitation = z
  .object({
    id: z.uuid(),
    email: text(),
    first_name: text(),
    last_name: text(),
    role: EmployeeRole,
    access_level: AccessLevel,
    state: InvitationState,
    invited_by: text(),
    created_at: text(),
    expires_at: text(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

export const InvitationsResponse = z
  .object({ items: z.array(Invitation) })
  .meta({ id: 'InvitationsResponse' });
export type InvitationsResponse = z.infer<typeof InvitationsResponse>;

export const InvitationParams = z.object({ id: z.uuid() });
/** 256 random bits, base64url. */
export const InvitationKeyParams = z.object({
  key: text().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an invitation.'),
});

/** What the invitee sees before accepting. */
export const InvitationPreview = z
  .object({
    merchant_name: text(),
    email: text(),
    first_name: text(),
    last_name: text(),
    role: EmployeeRole,
    access_level: AccessLevel,
    expires_at: text(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const InvitationPhoneBody = z
  .object({ phone: MobilePhone })
  .strict()
  .meta({ id: 'InvitationPhoneBody' });

/**
 * The invitee's password and second factor. `mfa_method` email: codes go to the invited address (the link proved
 * it). sms: `phone` and the `phone_code` sent by `invitationSendSms` prove the phone.
 */
export const AcceptInvitationBody = z
  .object({
    first_name: PersonName,
    last_name: PersonName,
    password: NewPassword,
    mfa_method: MfaMethod,
    phone: MobilePhone.optional(),
    phone_code: OtpCode.optional(),
  })
  .strict()
  .refine(
    (body) => body.mfa_method === 'email' || (body.phone !== undefined && body.phone_code !== undefined),
    {
      message: 'Verify a mobile phone for codes by SMS.',
      path: ['phone'],
    },
  )
  .meta({ id: 'AcceptInvitationBody' });
export type AcceptInvitationBody = z.infer<typeof AcceptInvitationBody>;

export const AcceptInvitationResponse = z
  .object({ merchant_name: text(), email: text(), role: EmployeeRole })
  .meta({ id: 'AcceptInvitationResponse' });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

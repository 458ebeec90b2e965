import { count, duration, money } from '../../machines/ruleWords';
import {
  campaignHeadlineLength,
  campaignLinkMaxLength,
  campaignMaxLeadDays,
} from '../../schemas/advertising.schema';
import { authDefaults, signInLimits, totpEnrolmentTtlSeconds } from '../../schemas/authLimits';
import { cardNameMaxLength, maxCardsPerUser, pinDigits } from '../../schemas/cards.schema';
import { invitationTtlHours } from '../../schemas/employees.schema';
import { defaultUploadLimitBytes, kycMinLongSide, kycMinShortSide } from '../../schemas/kyc.schema';
import { maxDirectors, maxOwnershipBasisPoints, maxShareholders } from '../../schemas/onboarding.schema';
import { passwordPolicy } from '../../schemas/password.schema';
import { payeeCheckValidityMs } from '../../schemas/payee.schema';
import { vatRateBp } from '../../schemas/plans.schema';
import {
  companyNameMaxLength,
  nameMaxLength,
  registrationTtlSeconds,
} from '../../schemas/registration.schema';
import { defaultVerificationThresholdEurMinor, noteMaxLength } from '../../schemas/sendMoney.schema';
import { statementBufferedRows, statementRowLimit } from '../../schemas/statements.schema';
import {
  staffAbsoluteSeconds,
  staffIdleSeconds,
  staffPasswordFailures,
  staffPauseSeconds,
  staffTicketSeconds,
  ticketTries,
} from '../../server/staff/staffLogin';

/*
 * The rules table of the flow catalogue (docs/flows/, scripts/flowCatalogue.ts): per journey each rule a compliance
 * reviewer asks about, its value rendered from the very constant the server and the machine use (schemas/*.ts through
 * machines/ruleWords.ts, never typed here), and where it is enforced: in the browser (the machine or the screen),
 * on the server, or both, with the files that do it. Every journey of the model registry has an entry;
 * tests/unit/flowCatalogue.test.ts fails when one is missing, when a file named here does not exist, or when an
 * entry without rules gives no reason.
 */

/** The two checkouts (card order, plan checkout) share walletCheckout's payment and so this rule. */
function paidAtMostOnce(machineFile: string) {
  return {
    rule: 'A priced order is paid at most once',
    value: 'one payment key per priced order; a retry after no answer sends the same key',
    enforced: 'both' as const,
    where: ['machines/attemptKeys.ts', machineFile, 'server/idempotency.ts'],
  };
}

export type Enforced = 'browser' | 'server' | 'both';

export type Rule = {
  /** The rule in the merchant's and the auditor's words. */
  rule: string;
  /** Its value, rendered from the constant. */
  value: string;
  enforced: Enforced;
  /** The files that enforce it (and the schema that holds the constant), from the repository root. */
  where: string[];
};

/** A journey's rules, or none with the reason. */
export type JourneyRules = { rules: Rule[] } | { none: string };

const seconds = (value: number) => duration(value * 1000);
const byDefault = (words: string, setting: string) => `${words} by default (setting ${setting})`;
const percent = (basisPoints: number) => `${basisPoints / 100} %`;

const megabytes = (bytes: number) => `${bytes / (1024 * 1024)} MB`;

const codeLife: Rule = {
  rule: 'How long a one-time code works',
  value: byDefault(seconds(authDefaults.otpTtlSeconds), 'OTP_TTL_SECONDS'),
  enforced: 'server',
  where: ['schemas/authLimits.ts', 'server/auth/otp.ts'],
};
const wrongCodes: Rule = {
  rule: 'Wrong codes one code takes; what happens after the last wrong code',
  value:
    `${count(authDefaults.otpMaxAttempts, 'wrong try', 'wrong tries')} per code; the try that reaches it kills the ` +
    'code (even the right code fails after it): the screen says so and only a new code helps',
  enforced: 'both',
  where: ['schemas/authLimits.ts', 'server/auth/otp.ts', 'machines/oneTimeCode.machine.ts'],
};
const resendCooldown: Rule = {
  rule: 'Wait before another code may be sent',
  value: byDefault(seconds(authDefaults.otpResendCooldownSeconds), 'OTP_RESEND_COOLDOWN_SECONDS'),
  enforced: 'both',
  where: ['schemas/authLimits.ts', 'server/auth/otp.ts', 'machines/oneTimeCode.machine.ts'],
};
const codesPerAccount: Rule = {
  rule: 'Wrong sign-in codes one account may receive, over all codes',
  value:
    `${count(signInLimits.codeFailuresPerAccount, 'wrong code')} within ` +
    `${seconds(signInLimits.codeFailureWindowSeconds)}; then no code is sent or checked until the window has passed`,
  enforced: 'server',
  where: ['schemas/authLimits.ts', 'server/auth/signInLimits.ts', 'server/auth/login.ts'],
};
const stepUpGrant: Rule = {
  rule: 'How long the grant of a right code stays good for its one action',
  value: byDefault(seconds(authDefaults.stepUpGrantTtlSeconds), 'STEP_UP_GRANT_TTL_SECONDS'),
  enforced: 'server',
  where: ['schemas/authLimits.ts', 'server/auth/stepUp.ts'],
};
const passwordLength: Rule = {
  rule: 'Password length',
  value: `${passwordPolicy.minLength} to ${passwordPolicy.maxLength} characters`,
  enforced: 'both',
  where: ['schemas/password.schema.ts', 'src/ui/PasswordFields.tsx'],
};
const uploadLimit: Rule = {
  rule: 'Largest file that may be uploaded',
  value: byDefault(megabytes(defaultUploadLimitBytes), 'UPLOAD_LIMIT_BYTES'),
  enforced: 'both',
  where: ['schemas/kyc.schema.ts', 'server/config.ts'],
};

export const journeyRules: Record<string, JourneyRules> = {
  sendMoney: {
    rules: [
      {
        rule: 'When a one-time code is required',
        value:
          'always for a payment to an IBAN; for a wallet payment or a schedule ' +
          `${byDefault(`from ${money(defaultVerificationThresholdEurMinor, 'EUR')}`, 'SEND_MONEY_VERIFICATION_THRESHOLD_MINOR')}` +
          ' (other currencies at the mid rate)',
        enforced: 'both',
        where: [
          'schemas/sendMoney.schema.ts',
          'server/payments/settings.ts',
          'server/payments/sendMoney.ts',
          'machines/sendMoney.machine.ts',
        ],
      },
      { ...wrongCodes, where: [...wrongCodes.where, 'machines/sendMoney.machine.ts'] },
      stepUpGrant,
      {
        rule: 'How long a name check counts',
        value: duration(payeeCheckValidityMs),
        enforced: 'both',
        where: ['schemas/payee.schema.ts', 'server/payments/sendMoney.ts', 'machines/sendMoney.machine.ts'],
      },
      {
        rule: 'What is recorded when a payment goes ahead despite a name mismatch',
        value:
          'the transfer records payee_check_id (the check), payee_check_result (its answer) and ' +
          'payee_proceeded_anyway = true; the payer’s transaction details show the answer and “paid anyway” ' +
          '(never the payee’s)',
        enforced: 'server',
        where: [
          'server/payments/sendMoney.ts',
          'server/ledger.ts',
          'server/transactions.ts',
          'src/screens/transactions/TransactionDetail.tsx',
        ],
      },
      {
        rule: 'Longest note on a payment',
        value: count(noteMaxLength, 'character'),
        enforced: 'both',
        where: ['schemas/sendMoney.schema.ts', 'machines/sendMoney.machine.ts'],
      },
    ],
  },
  oneTimeCode: { rules: [codeLife, wrongCodes, resendCooldown, codesPerAccount, stepUpGrant] },
  login: {
    rules: [
      {
        rule: 'Wrong passwords one source may send before every further try waits',
        value:
          `${count(signInLimits.passwordFreeFailures, 'wrong password')}; then a wait of ` +
          `${seconds(signInLimits.passwordDelayBaseSeconds)} that doubles with every further failure, at most ` +
          seconds(signInLimits.passwordDelayMaxSeconds),
        enforced: 'server',
        where: ['schemas/authLimits.ts', 'server/auth/signInLimits.ts'],
      },
      {
        rule: 'Consecutive wrong passwords on one account after which only known sources may try',
        value:
          `${count(signInLimits.accountFailureCeiling, 'wrong password')} within ` +
          `${seconds(signInLimits.passwordFailureWindowSeconds)}; a known source signed in within ` +
          seconds(signInLimits.knownSourceSeconds),
        enforced: 'server',
        where: ['schemas/authLimits.ts', 'server/auth/signInLimits.ts'],
      },
      {
        rule: 'How long the second factor may take after the right password',
        value: byDefault(seconds(authDefaults.loginTicketTtlSeconds), 'LOGIN_TICKET_TTL_SECONDS'),
        enforced: 'server',
        where: ['schemas/authLimits.ts', 'server/auth/login.ts'],
      },
      {
        ...wrongCodes,
        where: ['schemas/authLimits.ts', 'server/auth/login.ts', 'machines/login.machine.ts'],
      },
      codesPerAccount,
      {
        rule: 'Requests per minute to the sign-in, code and password routes',
        value: byDefault(String(authDefaults.loginRateLimitPerMinute), 'LOGIN_RATE_LIMIT_PER_MINUTE'),
        enforced: 'server',
        where: ['schemas/authLimits.ts', 'server/config.ts'],
      },
    ],
  },
  session: {
    rules: [
      {
        rule: 'Signed out after inactivity',
        value: byDefault(seconds(authDefaults.idleTimeoutSeconds), 'IDLE_TIMEOUT_SECONDS'),
        enforced: 'both',
        where: ['schemas/authLimits.ts', 'server/auth/sessions.ts', 'machines/session.machine.ts'],
      },
      {
        rule: 'Warning before the idle sign-out',
        value: byDefault(seconds(authDefaults.idleWarningSeconds), 'IDLE_WARNING_SECONDS'),
        enforced: 'browser',
        where: ['schemas/authLimits.ts', 'machines/session.machine.ts'],
      },
      {
        rule: 'Absolute session limit, counted from sign-in',
        value: byDefault(seconds(authDefaults.refreshTtlSeconds), 'REFRESH_TTL_SECONDS'),
        enforced: 'server',
        where: ['schemas/authLimits.ts', 'server/auth/sessions.ts'],
      },
      {
        rule: 'Life of an access token (refreshed shortly before)',
        value: byDefault(seconds(authDefaults.accessTokenTtlSeconds), 'ACCESS_TOKEN_TTL_SECONDS'),
        enforced: 'both',
        where: ['schemas/authLimits.ts', 'server/auth/sessions.ts', 'machines/session.machine.ts'],
      },
    ],
  },
  registration: {
    rules: [
      {
        rule: 'How long an unfinished registration is kept',
        value: seconds(registrationTtlSeconds),
        enforced: 'server',
        where: ['schemas/registration.schema.ts', 'server/registration.ts'],
      },
      {
        rule: 'Longest first or last name (Latin characters only)',
        value: count(nameMaxLength, 'character'),
        enforced: 'both',
        where: ['schemas/registration.schema.ts', 'src/screens/registration/DetailsStep.tsx'],
      },
      {
        rule: 'Longest company name',
        value: count(companyNameMaxLength, 'character'),
        enforced: 'both',
        where: ['schemas/registration.schema.ts', 'src/screens/registration/DetailsStep.tsx'],
      },
      { ...codeLife, where: [...codeLife.where, 'machines/registration.machine.ts'] },
      {
        ...wrongCodes,
        where: ['schemas/authLimits.ts', 'server/auth/otp.ts', 'machines/registration.machine.ts'],
      },
      passwordLength,
    ],
  },
  onboarding: {
    rules: [
      {
        rule: 'Most directors a company may declare',
        value: String(maxDirectors),
        enforced: 'both',
        where: ['schemas/onboarding.schema.ts', 'machines/onboarding.machine.ts'],
      },
      {
        rule: 'Most shareholders a company may declare',
        value: String(maxShareholders),
        enforced: 'both',
        where: ['schemas/onboarding.schema.ts', 'machines/onboarding.machine.ts'],
      },
      {
        rule: 'Declared ownership adds up to at most',
        value: percent(maxOwnershipBasisPoints),
        enforced: 'both',
        where: [
          'schemas/onboarding.schema.ts',
          'server/onboarding/onboarding.ts',
          'machines/onboarding.machine.ts',
        ],
      },
      { ...uploadLimit, where: [...uploadLimit.where, 'machines/onboarding.machine.ts'] },
    ],
  },
  identityVerification: {
    rules: [
      {
        rule: 'Smallest document image',
        value: `${kycMinLongSide} × ${kycMinShortSide} pixels (long side × short side)`,
        enforced: 'both',
        where: ['schemas/kyc.schema.ts', 'server/kyc/kyc.ts', 'machines/identityVerification.machine.ts'],
      },
      { ...uploadLimit, where: [...uploadLimit.where, 'machines/identityVerification.machine.ts'] },
      stepUpGrant,
    ],
  },
  cardOrder: {
    rules: [
      {
        rule: 'Most cards per person',
        value: `${count(maxCardsPerUser.physical, 'physical card')} and ${count(maxCardsPerUser.virtual, 'virtual card')}`,
        enforced: 'both',
        where: ['schemas/cards.schema.ts', 'server/cards/ordering.ts', 'machines/cardOrder.machine.ts'],
      },
      paidAtMostOnce('machines/cardOrder.machine.ts'),
    ],
  },
  cardControls: {
    rules: [
      {
        rule: 'Longest card name',
        value: count(cardNameMaxLength, 'character'),
        enforced: 'both',
        where: ['schemas/cards.schema.ts', 'machines/cardControls.machine.ts'],
      },
      {
        rule: 'PIN and e-PIN digits',
        value: `${count(pinDigits.pin, 'digit')} (PIN), ${count(pinDigits.epin, 'digit')} (e-PIN)`,
        enforced: 'both',
        where: ['schemas/cards.schema.ts', 'machines/cardControls.machine.ts'],
      },
    ],
  },
  planCheckout: {
    rules: [
      {
        rule: 'VAT included in every price',
        value: percent(vatRateBp),
        enforced: 'both',
        where: ['schemas/plans.schema.ts', 'server/billing/pricing.ts', 'machines/planCheckout.machine.ts'],
      },
      paidAtMostOnce('machines/planCheckout.machine.ts'),
    ],
  },
  advertising: {
    rules: [
      {
        rule: 'Campaign headline length',
        value: `${campaignHeadlineLength.min} to ${count(campaignHeadlineLength.max, 'character')}`,
        enforced: 'both',
        where: ['schemas/advertising.schema.ts', 'machines/advertising.machine.ts'],
      },
      {
        rule: 'Longest campaign link',
        value: count(campaignLinkMaxLength, 'character'),
        enforced: 'both',
        where: ['schemas/advertising.schema.ts', 'machines/advertising.machine.ts'],
      },
      {
        rule: 'Furthest a campaign may start ahead',
        value: count(campaignMaxLeadDays, 'day'),
        enforced: 'both',
        where: [
          'schemas/advertising.schema.ts',
          'server/advertising/advertising.ts',
          'src/screens/advertising/AdvertisingScreen.tsx',
        ],
      },
    ],
  },
  invitation: {
    rules: [
      {
        rule: 'How long an invitation link works',
        value: count(invitationTtlHours, 'hour'),
        enforced: 'server',
        where: ['schemas/employees.schema.ts', 'server/team/invitations.ts'],
      },
      {
        ...wrongCodes,
        where: ['schemas/authLimits.ts', 'server/auth/otp.ts', 'machines/invitation.machine.ts'],
      },
      passwordLength,
    ],
  },
  inviteEmployee: {
    rules: [
      {
        rule: 'How long an invitation link works',
        value: count(invitationTtlHours, 'hour'),
        enforced: 'server',
        where: ['schemas/employees.schema.ts', 'server/team/invitations.ts'],
      },
    ],
  },
  requestMoney: {
    rules: [
      {
        rule: 'Longest note on a request',
        value: count(noteMaxLength, 'character'),
        enforced: 'both',
        where: ['schemas/sendMoney.schema.ts', 'machines/requestMoney.machine.ts'],
      },
    ],
  },
  pendingRequests: {
    rules: [
      {
        rule: 'When accepting a request needs a one-time code',
        value: byDefault(
          `from ${money(defaultVerificationThresholdEurMinor, 'EUR')}`,
          'SEND_MONEY_VERIFICATION_THRESHOLD_MINOR',
        ),
        enforced: 'both',
        where: [
          'schemas/sendMoney.schema.ts',
          'server/payments/settings.ts',
          'machines/pendingRequests.machine.ts',
        ],
      },
    ],
  },
  passwordLink: {
    rules: [
      {
        rule: 'How long an emailed reset or create-password link works',
        value: byDefault(seconds(authDefaults.passwordTokenTtlSeconds), 'PASSWORD_TOKEN_TTL_SECONDS'),
        enforced: 'server',
        where: ['schemas/authLimits.ts', 'server/auth/passwordTokens.ts'],
      },
      passwordLength,
    ],
  },
  changePassword: { rules: [passwordLength, stepUpGrant] },
  addAuthenticator: {
    rules: [
      {
        rule: 'A new authenticator app must be confirmed with its first code within',
        value: seconds(totpEnrolmentTtlSeconds),
        enforced: 'server',
        where: ['schemas/authLimits.ts', 'server/settings/security.ts'],
      },
      stepUpGrant,
    ],
  },
  removeMfaMethod: { rules: [stepUpGrant] },
  accountDeletion: { rules: [stepUpGrant] },
  profileChange: {
    none: 'Its limits are the onboarding ones (directors, shareholders, ownership): see the onboarding journey.',
  },
  beneficiaryForm: {
    none: 'Its name check is the send-money one (see that journey); the field lengths are in the states table.',
  },
  scheduledPayment: {
    none: 'It changes or cancels a schedule already made; the schedule rules are those of the send-money journey.',
  },
  statementExport: {
    rules: [
      {
        rule: 'Most transactions one statement may hold',
        value: count(statementRowLimit, 'transaction'),
        enforced: 'both',
        where: [
          'schemas/statements.schema.ts',
          'server/statements/export.ts',
          'machines/statementExport.machine.ts',
        ],
      },
      {
        rule: 'Size up to which the file is made first (above it, it streams)',
        value: count(statementBufferedRows, 'row'),
        enforced: 'server',
        where: ['schemas/statements.schema.ts', 'server/statements/export.ts'],
      },
    ],
  },
  botCheck: {
    rules: [
      {
        rule: 'Where the bot check is solved',
        value:
          'in the page, on a challenge our own server signs (self-hosted ALTCHA); nothing goes to a third party',
        enforced: 'both',
        where: [
          'machines/botCheck.machine.ts',
          'src/app/botCheckActors.ts',
          'src/app/altchaSolver.ts',
          'server/auth/altcha.ts',
        ],
      },
      {
        rule: 'A solved bot check is accepted once',
        value:
          'each payload is recorded when accepted; a second use is refused, and the form asks for a fresh one',
        enforced: 'both',
        where: ['server/auth/altcha.ts', 'src/screens/login/CredentialsStep.tsx'],
      },
    ],
  },
  cancelPlan: {
    none: 'No numeric rule: the answers and when a cancellation takes effect are in the states table.',
  },
  myAddresses: { none: 'No numeric rule: the address checks per country are in the states table.' },
  team: {
    none: 'No numeric rule: it lists and changes the team; the invitation rules are in inviteEmployee.',
  },
  transactionList: {
    none: 'A read-only list: no rule a merchant or an auditor needs beyond the states table.',
  },
  analytics: { none: 'A read-only view of the merchant’s own figures: no rule to enforce.' },
  staffSignIn: {
    rules: [
      {
        rule: 'Second factor',
        value:
          'always: a passkey (user verification required) or the authenticator app’s code; never skipped',
        enforced: 'both',
        where: ['server/staff/staffLogin.ts', 'machines/staffSignIn.machine.ts'],
      },
      {
        rule: 'Tries of the second factor per sign-in, and how long the sign-in waits for it',
        value: `${count(ticketTries, 'try', 'tries')} within ${seconds(staffTicketSeconds)}; then the password again`,
        enforced: 'server',
        where: ['server/staff/staffLogin.ts'],
      },
      {
        rule: 'Wrong passwords one staff account may receive, from any address',
        value: `${count(staffPasswordFailures, 'wrong password')} within ${seconds(staffPauseSeconds)}; then its password step pauses`,
        enforced: 'server',
        where: ['server/staff/staffLogin.ts'],
      },
    ],
  },
  staffSession: {
    rules: [
      {
        rule: 'How long a staff session lasts',
        value: `${seconds(staffIdleSeconds)} idle, ${seconds(staffAbsoluteSeconds)} at most`,
        enforced: 'server',
        where: ['server/staff/staffLogin.ts', 'machines/staffSession.machine.ts'],
      },
    ],
  },
  merchantReview: {
    rules: [
      {
        rule: 'Approvals a merchant needs',
        value:
          'one; two by two different staff members when the file has a risk flag (ownership over 100 %, VAT not ' +
          'confirmed, names that differ, the representative not a director, rejected before), counted per submission',
        enforced: 'server',
        where: ['server/review/merchantReview.ts', 'machines/merchantReview.machine.ts'],
      },
      {
        rule: 'Before approval',
        value: 'the representative’s identity confirmed by a person (identity review)',
        enforced: 'server',
        where: ['server/review/merchantReview.ts'],
      },
    ],
  },
  identityReview: {
    none: 'A person confirms or refuses once; a refusal needs a reason and asks the representative for new photos.',
  },
  campaignReview: {
    none: 'A campaign is decided once (a second decision is refused); a rejection refunds its whole price.',
  },
  legalChangeReview: {
    none: 'A change is decided once (a second decision is refused); the rules of the data are the profile’s.',
  },
};

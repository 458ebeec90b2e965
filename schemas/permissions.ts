/**
 * One permission table for the browser's route guards and the server's endpoint checks (docs/engineering.md principle 8).
 * SPEC §6: non-owner, non-viewer employees are sent to Overview from `restrictedForEmployees`; viewers from the
 * smaller `restrictedForViewers`. The browser only redirects; the server answers 403 for the same rules.
 */
export type EmployeeType = 'admin' | 'employee' | 'viewer';
export type Actor = { is_owner: boolean; employee_type: EmployeeType | null };

/** Every guarded area of the product, named as in SPEC §6. */
export const areas = [
  'overview',
  'dashboard',
  'analytics',
  'transactions',
  'plans',
  'card-selection',
  'delivery-address',
  'cards',
  'add-card',
  'add-physical-card',
  'add-physical-address',
  'my-employees',
  'add-employees',
  'beneficiaries',
  'create-beneficiary',
  'cashback',
  'my-wallet',
  'send-money',
  'request-money',
  'scheduled-payments',
  'qr-codes',
  'profile',
  'my-addresses',
  'my-accounts',
  'faq',
  'settings',
  'notifications',
  // SPEC §2 /advertise-with-us; §6 names it in neither list, so every signed-in user may open it. Buying pays from the
  // wallet and is the send-money area's (operationRules below; docs/decisions/014-analytics-advertising-statements.md).
  'advertise-with-us',
  // Issue 21: the company's audit trail in settings (who signed in, changed a password or a second factor…), the
  // owner's alone: it names every employee's sign-ins, addresses and devices.
  'activity-log',
] as const;
export type Area = (typeof areas)[number];

const restrictedForEmployees: ReadonlySet<Area> = new Set<Area>([
  'card-selection',
  'plans',
  'delivery-address',
  'add-card',
  'add-physical-card',
  'add-physical-address',
  'my-employees',
  'add-employees',
  'dashboard',
  'analytics',
  'beneficiaries',
  'create-beneficiary',
  'cashback',
  'my-wallet',
  'send-money',
  'request-money',
  'scheduled-payments',
  'qr-codes',
  'profile',
  'my-addresses',
  'my-accounts',
  'activity-log',
]);

const restrictedForViewers: ReadonlySet<Area> = new Set<Area>([
  'plans',
  'delivery-address',
  'add-card',
  'add-physical-card',
  'add-physical-address',
  'create-beneficiary',
  'send-money',
  'request-money',
  'profile',
  'my-addresses',
  'my-accounts',
  'activity-log',
]);

/** May this signed-in user use this area? Owners may use everything. */
export function canAccess(actor: Actor, area: Area): boolean {
  if (actor.is_owner) return true;
  if (actor.employee_type === 'viewer') return !restrictedForViewers.has(area);
  return !restrictedForEmployees.has(area);
}

/** Where the browser sends a user who may not use an area (SPEC §6). */
export const fallbackRoute = '/overview';

/*
 * ---------------------------------------------------------------------------------------------------------------
 * What each role and access level is told it can do (the team page, the invite form, the invitation)
 * ---------------------------------------------------------------------------------------------------------------
 * One description per role, rendered in words by src/i18n/teamText.ts and checked against `canAccess` and `mayCall`
 * by tests/unit/roleDescriptions.test.ts: a description that names an area the role cannot open, leaves out a main
 * area it can, or says it changes less or more than the operation table lets it, fails the test.
 */

/** The parts of the product a role description names, in the order it names them (the menu's main places). */
export const mainAreas = [
  'overview',
  'dashboard',
  'analytics',
  'transactions',
  'cards',
  'my-wallet',
  'scheduled-payments',
  'beneficiaries',
  'qr-codes',
  'cashback',
  'my-employees',
  'send-money',
  'request-money',
  'add-card',
  'plans',
  'profile',
] as const satisfies readonly Area[];
export type MainArea = (typeof mainAreas)[number];

/** Who someone is on a merchant's team: the owner, or an employee's role (SPEC §1: Admin, Cardholder, Viewer). */
export type RoleName = EmployeeType | 'owner';

export type RoleDescription = {
  /** The main areas the role opens, every one of them, in `mainAreas` order. */
  opens: readonly MainArea[];
  /**
   * What the role may change: `everything`; `own-cards` (their own cards, besides their own sign-in settings);
   * `nothing` (besides their own sign-in settings and revealing a card of theirs).
   */
  changes: 'everything' | 'own-cards' | 'nothing';
  /** Another role with exactly the same rights, said in the description so the two names do not mislead. */
  sameAs?: RoleName;
};

const cardholderOpens = ['overview', 'transactions', 'cards'] as const satisfies readonly MainArea[];

/**
 * SPEC §6 gives Admin exactly the Cardholder's rights ("non-owner users who are not viewers"; ADR 011 point 4), so its
 * description says so rather than promising more than it can do.
 */
export const roleDescriptions: Record<RoleName, RoleDescription> = {
  owner: { opens: mainAreas, changes: 'everything' },
  admin: { opens: cardholderOpens, changes: 'own-cards', sameAs: 'employee' },
  employee: { opens: cardholderOpens, changes: 'own-cards' },
  viewer: {
    opens: [
      'overview',
      'dashboard',
      'analytics',
      'transactions',
      'cards',
      'my-wallet',
      'scheduled-payments',
      'beneficiaries',
      'qr-codes',
      'cashback',
      'my-employees',
    ],
    changes: 'nothing',
  },
};

/**
 * What an access level shows of the company's money: `company` its balances, statements and every transaction; `own`
 * only the employee's own cards and their payments (`companyData` operations are closed to it).
 */
export const accessLevelDescriptions: Record<AccessLevelName, { companyMoney: boolean }> = {
  own: { companyMoney: false },
  company: { companyMoney: true },
};

/** Main areas where every read is the company's money (`companyData`): they open, but empty, for access `own`. */
export const companyMoneyAreas: readonly MainArea[] = [
  'analytics',
  'my-wallet',
  'scheduled-payments',
  'beneficiaries',
  'qr-codes',
  'cashback',
  'request-money',
];

/** The main areas a description names for a role at an access level (null: the owner's, everything). */
export function describedAreas(role: RoleName, access: AccessLevelName | null): MainArea[] {
  const { opens } = roleDescriptions[role];
  if (role === 'owner' || access === null || accessLevelDescriptions[access].companyMoney) return [...opens];
  return opens.filter((area) => !companyMoneyAreas.includes(area));
}

/*
 * ---------------------------------------------------------------------------------------------------------------
 * The bank's staff (issue 21, docs/decisions/023-staff-realm.md)
 * ---------------------------------------------------------------------------------------------------------------
 * A realm of its own: staff sign in at /back-office with a password and a passkey or an authenticator app, and their
 * token opens only `access: 'staff'` operations, each in one staff area. An area lists the roles that may use it; the
 * back office's menu and route guards read the same table.
 */
export const staffRoles = ['reviewer', 'operations', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const staffAreaRoles = {
  /** The staff member's own session, second factors and passkeys. */
  self: ['reviewer', 'operations', 'admin'],
  /** The merchant review queue: onboarding files, approve, reject, ask for more information (four-eyes). */
  'merchant-reviews': ['reviewer', 'admin'],
  /** A person confirms the face and the document of a representative's identity verification. */
  'identity-reviews': ['reviewer', 'admin'],
  /** Changes of a company's legal details asked from its profile. */
  'legal-changes': ['reviewer', 'admin'],
  /** Advertising campaigns before they are shown to other merchants. */
  campaigns: ['reviewer', 'operations', 'admin'],
  /** Closed accounts' follow-up tasks (funds, cards, records). */
  'account-deletions': ['operations', 'admin'],
  /** The whole audit trail, every merchant's and every staff member's. */
  'audit-trail': ['reviewer', 'operations', 'admin'],
  /** Staff accounts: create, disable. */
  staff: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffArea = keyof typeof staffAreaRoles;

export function staffCanAccess(role: StaffRole, area: StaffArea): boolean {
  return (staffAreaRoles[area] as readonly StaffRole[]).includes(role);
}

/*
 * ---------------------------------------------------------------------------------------------------------------
 * API operations (docs/engineering.md principle 8; docs/decisions/011-operation-permission-table.md)
 * ---------------------------------------------------------------------------------------------------------------
 * Every operationId the server has, and who may call it. The server reads this table when a route is registered
 * (server/auth/operationGuard.ts): a route under /api/ without an operationId, or with one missing here, stops
 * start-up, and each `session` operation gets authentication, this check and (when `approved`) the merchant's review
 * check before its body is read. tests/api/permissions.matrix.test.ts calls every operation as every role against
 * the running server.
 */

/** What an employee sees of the company's money (schemas/employees.schema.ts `AccessLevel`); null for the owner. */
export type AccessLevelName = 'own' | 'company';
/** The signed-in user as the operation check sees them: the role and, for employees, the access level. */
export type Caller = Actor & { access_level?: AccessLevelName | null };

export type OperationRule =
  /** No session: the credential, when there is one, is in the request (a key, a link, a cookie, a ticket). */
  | { access: 'public'; write: boolean; why: string }
  /** Test rails under /api/sandbox/, registered only outside production (docs/engineering.md "Sandbox rails"). */
  | { access: 'sandbox'; write: boolean }
  | {
      access: 'session';
      /** The SPEC §6 area whose rules apply (`canAccess`); null: any signed-in user (their own session). */
      area: Area | null;
      /** Changes something. A viewer may call no such operation unless `viewerMay` says why. */
      write: boolean;
      /** Closed (403 merchant_not_approved) until the merchant passed review: the money features. */
      approved: boolean;
      /**
       * Shows the company's money beyond the caller's own cards (balances, statements, payees, schedules, requests):
       * not for an employee whose access level is `own`.
       */
      companyData?: true;
      /** Why a viewer may call this `write` operation: it concerns only their own session, identity or card. */
      viewerMay?: string;
      /** A test rail too: registered only outside production. */
      sandbox?: true;
    }
  /**
   * The bank's staff (issue 21, docs/decisions/023-staff-realm.md): only a staff access token opens it, never a
   * merchant's, and only for the roles of its staff area. Lives under /api/back-office/.
   */
  | { access: 'staff'; area: StaffArea; write: boolean };

// The helpers are marked free of side effects: the browser imports this file for `canAccess` only, and without the
// mark the bundler kept every call of the operation table below (about 0.7 KB gzipped on /login).
const signedIn = /* @__NO_SIDE_EFFECTS__ */ (
  area: Area | null,
  write: boolean,
  extra: { approved?: boolean; companyData?: true; viewerMay?: string; sandbox?: true } = {},
): OperationRule => ({ access: 'session', area, write, approved: extra.approved ?? true, ...extra });
const read = /* @__NO_SIDE_EFFECTS__ */ (area: Area | null, extra: Parameters<typeof signedIn>[2] = {}) =>
  signedIn(area, false, extra);
const change = /* @__NO_SIDE_EFFECTS__ */ (area: Area | null, extra: Parameters<typeof signedIn>[2] = {}) =>
  signedIn(area, true, extra);
/** The company profile (onboarding, KYB documents, the representative's identity): open before approval. */
const profile = /* @__NO_SIDE_EFFECTS__ */ (write: boolean) =>
  signedIn('profile', write, { approved: false });
const open = (write: boolean, why: string): OperationRule => ({ access: 'public', write, why });
const staffRead = /* @__NO_SIDE_EFFECTS__ */ (area: StaffArea): OperationRule => ({
  access: 'staff',
  area,
  write: false,
});
const staffChange = /* @__NO_SIDE_EFFECTS__ */ (area: StaffArea): OperationRule => ({
  access: 'staff',
  area,
  write: true,
});
const staffSignIn =
  'A step of a staff member signing in; the login ticket or the staff refresh cookie is the credential.';
const sandbox = (write: boolean): OperationRule => ({ access: 'sandbox', write });

const signIn = 'A step of signing in; the login ticket or the refresh cookie is the credential.';
const registration = 'Registration before any account exists; the random registration id is the key.';
const passwordLink = 'Password reset and creation; the emailed single-use link is the credential.';
const reference = 'Reference lists, the same for everybody.';
const invitation = 'The invitee has no account yet; the emailed 256-bit invitation key is the credential.';

export const operationRules = {
  // Public: the app's shell, the bot check, the contract.
  getConfig: open(false, 'Client configuration needed before sign-in.'),
  altchaChallenge: open(false, 'The bot check on the public forms.'),
  openapi: open(false, 'The API contract (docs/engineering.md principle 5).'),
  healthLive: open(false, 'For process supervisors: the process answers; says nothing about any data.'),
  healthReady: open(
    false,
    'For load balancers: the database answers and is migrated; says nothing about any data.',
  ),
  // Signing in and out.
  initializeLogin: open(true, signIn),
  availableMfaMethods: open(false, signIn),
  sendLoginOtp: open(true, signIn),
  otpLogin: open(true, signIn),
  refreshToken: open(true, signIn),
  logout: open(true, "Ends the refresh cookie's own session; works even when the access token has expired."),
  globalLogout: change(null, { approved: false, viewerMay: 'Ends only the caller’s own sessions.' }),
  passwordReset: open(true, passwordLink),
  passwordResetConfirm: open(true, passwordLink),
  setPasswordRequest: open(true, passwordLink),
  setPassword: open(true, passwordLink),
  // Registration.
  prevalidate: open(false, registration),
  startRegistration: open(true, registration),
  getRegistration: open(false, registration),
  sendEmailVerification: open(true, registration),
  sendSmsVerification: open(true, registration),
  verifyEmail: open(true, registration),
  verifyPhone: open(true, registration),
  saveRegistrationDetails: open(true, registration),
  register: open(true, registration),
  legalEntityTypes: open(false, reference),
  industries: open(false, reference),
  turnovers: open(false, reference),
  sizes: open(false, reference),
  countries: open(false, reference),
  // Step-up codes: the caller's own identity, before a sensitive action.
  stepUpMethods: read(null, { approved: false }),
  stepUpStart: change(null, {
    approved: false,
    viewerMay:
      'Sends a code to the caller’s own email or phone; a viewer needs one to reveal a card of theirs.',
  }),
  stepUpVerify: change(null, {
    approved: false,
    viewerMay: 'Turns the caller’s own code into a grant only they can spend.',
  }),
  // The company profile: onboarding and the representative's identity (SPEC §6 "profile and its children").
  getOnboarding: profile(false),
  saveRepresentative: profile(true),
  saveCompany: profile(true),
  saveDirectors: profile(true),
  saveShareholders: profile(true),
  saveFunding: profile(true),
  vatCheck: profile(true),
  uploadDocument: profile(true),
  uploadCompanyLogo: profile(true),
  downloadDocument: profile(false),
  deleteDocument: profile(true),
  submitForReview: profile(true),
  kycCriteria: profile(false),
  kycStatus: profile(false),
  kycInitiate: profile(true),
  uploadKycImage: profile(true),
  kycEvaluate: profile(true),
  // The profile after approval (schemas/profile.schema.ts): reads like the onboarding's; changes only once approved
  // (before that the onboarding itself is edited). Legal data goes to review (requestProfileChange).
  companyProfile: profile(false),
  latestDocuments: profile(false),
  downloadProfileDocument: profile(false),
  companyLogo: profile(false),
  updateCompanyContact: change('profile'),
  updateRepresentativeContact: change('profile'),
  requestProfileChange: change('profile'),
  uploadProfileDocument: change('profile'),
  uploadProfileLogo: change('profile'),
  // Home, accounts, transactions.
  homeOverview: read('overview'),
  currencies: read('transactions'),
  coreBankingAccounts: read('my-wallet', { companyData: true }),
  accountTopUpDetails: read('my-accounts', { companyData: true }),
  topUpDetails: read('my-accounts', { companyData: true }),
  // An employee with access level `own` gets only their cards' payments here (server/transactions.ts).
  transactions: read('transactions'),
  transaction: read('transactions'),
  // The proof of payment prints what the detail shows: the same rule.
  transactionProof: read('transactions'),
  // A statement carries the account's opening and closing balances.
  exportTransactions: read('transactions', { companyData: true }),
  // Sending money.
  verifyPayee: change('send-money'),
  transferConfirmation: read('send-money'),
  sendMoney: change('send-money'),
  predefinedSendAmount: read('send-money'),
  searchContacts: read('send-money'),
  gifSearch: read('send-money'),
  amountRequiresVerification: read('send-money'),
  resolveQrCode: read('send-money'),
  createScheduledPayment: change('send-money'),
  cancelScheduledPayment: change('send-money'),
  scheduledPayments: read('scheduled-payments', { companyData: true }),
  scheduledPayment: read('scheduled-payments', { companyData: true }),
  // Requesting money.
  requestMoney: change('request-money'),
  receivedRequests: read('request-money', { companyData: true }),
  sentRequests: read('request-money', { companyData: true }),
  acceptMoneyRequest: change('send-money'),
  declineMoneyRequest: change('request-money'),
  // Beneficiaries and QR codes.
  beneficiaries: read('beneficiaries', { companyData: true }),
  beneficiary: read('beneficiaries', { companyData: true }),
  createBeneficiary: change('create-beneficiary'),
  updateBeneficiary: change('create-beneficiary'),
  deleteBeneficiary: change('create-beneficiary'),
  qrCodes: read('qr-codes', { companyData: true }),
  createQrCode: change('qr-codes'),
  deleteQrCode: change('qr-codes'),
  // Cards: ordering is add-card; the rest is cards, where server/cards/ narrows to the cards assigned to the caller
  // (the owner: every card of the merchant).
  cardOptions: read('add-card'),
  cartInitialize: change('add-card'),
  cartPay: change('add-card'),
  // The saved addresses a physical card ships to: SPEC §6 "my addresses", managed on /my-addresses.
  merchantAddresses: read('my-addresses'),
  createMerchantAddress: change('my-addresses'),
  updateMerchantAddress: change('my-addresses'),
  deleteMerchantAddress: change('my-addresses'),
  setDefaultMerchantAddress: change('my-addresses'),
  geocode: read('my-addresses'),
  reverseGeocode: read('my-addresses'),
  cards: read('cards'),
  card: read('cards'),
  updateCard: change('cards'),
  cardAction: change('cards'),
  deleteCard: change('cards'),
  setCardPin: change('cards'),
  setCardEpin: change('cards'),
  revealCard: change('cards', {
    viewerMay:
      'Shows a card assigned to the caller (server/cards/ checks the holder) and spends only their own step-up ' +
      'grant; no card changes.',
  }),
  cardLimits: read('cards'),
  setCardLimits: change('cards'),
  cashback: read('cashback', { companyData: true }),
  // Team (schemas/employees.schema.ts).
  employees: read('my-employees'),
  updateEmployeeStatus: change('my-employees'),
  invitations: read('add-employees'),
  inviteEmployee: change('add-employees'),
  cancelInvitation: change('add-employees'),
  invitationByKey: open(false, invitation),
  invitationSendSms: open(true, invitation),
  acceptInvitation: open(true, invitation),
  // Plans and billing (schemas/plans.schema.ts): buying, cancelling and the questionnaire are the plans area; billing
  // history, invoices and deleting the account are the profile (SPEC §6 keeps both from non-owners and viewers).
  plans: read('plans'),
  planCartInitialize: change('plans'),
  planCartPay: change('plans'),
  cancelPlan: change('plans'),
  undoCancelPlan: change('plans'),
  cancellationQuestions: read('plans'),
  billingHistory: read('profile'),
  invoicePdf: read('profile'),
  accountDeletion: read('profile'),
  accountDeleteRequest: change('profile'),
  withdrawAccountDeletion: change('profile'),
  // Analytics (schemas/analytics.schema.ts): the company's money in and out, so not for an `own` employee.
  analyticsAmounts: read('analytics', { companyData: true }),
  analyticsExpensesPerCategory: read('analytics', { companyData: true }),
  analyticsMonthlyAmounts: read('analytics', { companyData: true }),
  analyticsTopCounterparties: read('analytics', { companyData: true }),
  // A monthly statement carries the account's balances, like exportTransactions.
  monthlyStatement: read('transactions', { companyData: true }),
  // Advertising (schemas/advertising.schema.ts): the plans are a price list; buying one pays from the wallet, so it
  // follows send money (SPEC §6 keeps that from employees and viewers); the campaigns show what the company spent.
  advertisingPlans: read('advertise-with-us'),
  purchaseAdvertisingPlan: change('send-money'),
  advertisingCampaigns: read('advertise-with-us', { companyData: true }),
  advertisingCampaign: read('advertise-with-us', { companyData: true }),
  // Issue 21: other merchants' campaigns shown to a signed-in user (the home's sponsored card, the wallet directory's
  // sponsored entry) and the click on one. Reading is area `overview`, which SPEC §6 closes to nobody: an
  // advertisement shows nothing of the company and every user of an approved merchant is in the audience the
  // advertiser paid for. The click is the caller's own act, like marking their notification read (area null): it
  // records only that they opened a link, so a viewer and a Cardholder may make it and still change nothing.
  sponsoredPlacement: read('overview'),
  newsletterClick: open(
    true,
    'Opened from a newsletter email, where no sign-in exists: the signed link stands for the reader, counted once.',
  ),
  sponsoredClick: change(null, {
    viewerMay: 'Records only that the caller opened a sponsored link; changes nothing of the company’s.',
  }),
  // Public content (schemas/public.schema.ts).
  faq: open(false, 'The FAQ page is public (SPEC §2 /faq), the same for everybody.'),
  legalDocuments: open(
    false,
    'The terms and privacy policy versions, public pages (SPEC §2), shown before sign-up.',
  ),
  downloadApp: open(false, 'The public /download-app page (SPEC §2): the app store links.'),
  // Each user accepts the legal texts for themselves (SPEC §7 "accepting terms"), before or after approval.
  legalAcceptances: read(null, { approved: false }),
  acceptTerms: change(null, {
    approved: false,
    viewerMay:
      'Records the caller’s own acceptance of the current terms and privacy policy; changes nothing else.',
  }),
  // Notifications: the caller's own, before approval too (a review's decision is one of them).
  notifications: read('notifications', { approved: false }),
  notificationsUnreadCount: read('notifications', { approved: false }),
  markNotificationRead: change('notifications', {
    approved: false,
    viewerMay: 'Marks only the caller’s own notification read.',
  }),
  markAllNotificationsRead: change('notifications', {
    approved: false,
    viewerMay: 'Marks only the caller’s own notifications read.',
  }),
  notificationStreamTicket: change('notifications', {
    approved: false,
    viewerMay: 'A ticket for the caller’s own live stream of their notifications.',
  }),
  notificationStream: open(
    false,
    'EventSource cannot send the bearer token: the single-use, 60-second ticket from notificationStreamTicket is the credential (ADR 015).',
  ),
  // Settings (schemas/settings.schema.ts): each user's own language, password, second factors and sessions, before
  // or after approval; a viewer too, since they change nothing of the company's.
  settings: read('settings', { approved: false }),
  updateLanguage: change('settings', { approved: false, viewerMay: 'The caller’s own language.' }),
  changePassword: change('settings', { approved: false, viewerMay: 'The caller’s own password.' }),
  totpEnrollStart: change('settings', { approved: false, viewerMay: 'The caller’s own second factor.' }),
  totpEnrollConfirm: change('settings', { approved: false, viewerMay: 'The caller’s own second factor.' }),
  setDefaultMfaMethod: change('settings', { approved: false, viewerMay: 'The caller’s own second factor.' }),
  removeMfaMethod: change('settings', { approved: false, viewerMay: 'The caller’s own second factor.' }),
  enableMfaMethod: change('settings', { approved: false, viewerMay: 'The caller’s own second factor.' }),
  sessions: read('settings', { approved: false }),
  revokeSession: change('settings', { approved: false, viewerMay: 'Ends only the caller’s own sessions.' }),
  // The company's audit trail (schemas/auditTrail.schema.ts): the owner's only (area activity-log); a CSV of it is
  // the same read. Open before approval: sign-ins and second-factor changes happen then too.
  auditTrail: read('activity-log', { approved: false }),
  exportAuditTrail: read('activity-log', { approved: false }),
  // Test rails (never in production).
  sandboxOutbox: sandbox(false),
  sandboxReview: sandbox(true),
  sandboxReviewProfileChange: sandbox(true),
  sandboxIncomingTransfer: sandbox(true),
  sandboxUpsertExternalAccount: sandbox(true),
  sandboxRunSettlement: sandbox(true),
  sandboxRejectIban: sandbox(true),
  sandboxRunScheduledPayments: sandbox(true),
  sandboxCardAuthorization: sandbox(true),
  sandboxCashbackPayout: sandbox(true),
  sandboxRunBilling: sandbox(true),
  sandboxRepresentativeTasks: sandbox(false),
  sandboxRunAdvertising: sandbox(true),
  sandboxCountImpressions: sandbox(true),
  // The bank's staff (issue 21): signing in to the back office, then each staff area's operations.
  staffLogin: open(true, staffSignIn),
  staffLoginTotp: open(true, staffSignIn),
  staffLoginPasskey: open(true, staffSignIn),
  staffRefresh: open(true, staffSignIn),
  staffLogout: open(
    true,
    'Ends the staff refresh cookie’s own session; works even when the access token has expired.',
  ),
  staffMe: staffRead('self'),
  // Staff read the whole audit trail, both realms (issue 21).
  staffAuditTrail: staffRead('audit-trail'),
  staffAuditChain: staffRead('audit-trail'),
  staffPasskeyOptions: staffChange('self'),
  staffPasskeyAdd: staffChange('self'),
  staffList: staffRead('staff'),
  staffCreate: staffChange('staff'),
  staffDisable: staffChange('staff'),
  // The bank's follow-ups: changes of legal details reviewed, account deletions followed up (issue 21).
  legalChangeQueue: staffRead('legal-changes'),
  legalChange: staffRead('legal-changes'),
  legalChangeDocument: staffRead('legal-changes'),
  decideLegalChange: staffChange('legal-changes'),
  deletionTasks: staffRead('account-deletions'),
  completeDeletionTask: staffChange('account-deletions'),
  // The bank's review of merchants and of identity photos (issue 21, server/review/).
  merchantReviewQueue: staffRead('merchant-reviews'),
  merchantReviewFile: staffRead('merchant-reviews'),
  merchantReviewDocument: staffRead('merchant-reviews'),
  merchantReviewVatCheck: staffChange('merchant-reviews'),
  approveMerchant: staffChange('merchant-reviews'),
  rejectMerchant: staffChange('merchant-reviews'),
  requestMerchantInformation: staffChange('merchant-reviews'),
  identityReviewQueue: staffRead('identity-reviews'),
  identityReviewItem: staffRead('identity-reviews'),
  identityReviewPhoto: staffRead('identity-reviews'),
  confirmIdentity: staffChange('identity-reviews'),
  refuseIdentity: staffChange('identity-reviews'),
  // Advertising campaigns before other merchants see them (server/advertising/campaignReview.ts): the queue, one
  // campaign, and the decision (approve, or reject with a reason and a full refund).
  campaignReviews: staffRead('campaigns'),
  campaignReview: staffRead('campaigns'),
  decideCampaignReview: staffChange('campaigns'),
  // The owner adds a password-less employee (the create-password journey's test rail).
  sandboxCreateUser: change('add-employees', { approved: false, sandbox: true }),
} satisfies Record<string, OperationRule>;

export type OperationId = keyof typeof operationRules;

/** Operations of the staff realm (`access: 'staff'`), for the realm-crossing tests and the back office's guards. */
export function isStaffOperation(operationId: OperationId): boolean {
  return operationRules[operationId].access === 'staff';
}

/** May a staff member of this role call this operation? Only staff operations, and only for the area's roles. */
export function mayStaffCall(role: StaffRole, operationId: OperationId): boolean {
  const rule: OperationRule = operationRules[operationId];
  return rule.access === 'staff' && staffCanAccess(role, rule.area);
}

export function isOperationId(value: string): value is OperationId {
  return Object.prototype.hasOwnProperty.call(operationRules, value);
}

/**
 * May this signed-in caller call this operation? Public and sandbox operations: yes. Otherwise SPEC §6 by area
 * (`canAccess`: the owner everything; admin and Cardholder alike, as §6 names only "non-owner users who are not
 * viewers"), then no change by a viewer unless the rule says why, then no company data for an `own` employee.
 * Per-record rules (whose card, which merchant) stay in the domain functions.
 */
export function mayCall(caller: Caller, operationId: OperationId): boolean {
  const rule: OperationRule = operationRules[operationId];
  // A merchant's user never calls the bank's staff operations, whatever the role.
  if (rule.access === 'staff') return false;
  if (rule.access !== 'session' || caller.is_owner) return true;
  if (rule.area !== null && !canAccess(caller, rule.area)) return false;
  if (caller.employee_type === 'viewer' && rule.write && rule.viewerMay === undefined) return false;
  if (rule.companyData && caller.access_level === 'own') return false;
  return true;
}

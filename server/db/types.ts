import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { NotificationKind, NotificationParams } from '../../schemas/notifications.schema';
import type {
  KycCheck,
  KycDocumentType,
  KycSide,
  KycVerificationStatus,
  kycImageContentTypes,
} from '../../schemas/kyc.schema';

/** Written as a Date or an ISO string, always read back as a Date. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
type DefaultTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** int8 columns come back as BigInt from both drivers (see database.ts). */
type Int8 = ColumnType<bigint, bigint | number, bigint | number>;
type DefaultInt8 = ColumnType<bigint, bigint | number | undefined, bigint | number>;

export type MerchantStatus = 'pending' | 'onboarding' | 'in_review' | 'approved' | 'rejected' | 'closed';
export type EmployeeType = 'admin' | 'employee' | 'viewer';
export type Channel = 'email' | 'sms';
/** Migration 023: a second-factor method: a code by email or SMS, or an authenticator app. */
export type MfaMethodColumn = 'email' | 'sms' | 'totp';
/** Migration 019 adds `disabled`: an owner disabled the employee. */
export type RevokedReason =
  | 'logout'
  | 'global_logout'
  | 'reuse_detected'
  | 'expired'
  | 'password_changed'
  | 'disabled'
  | 'account_closed';
/** Migration 019 (team). */
export type UserStatus = 'enabled' | 'disabled';
export type AccessLevelColumn = 'own' | 'company';
export type InvitationStateColumn = 'pending' | 'accepted' | 'cancelled' | 'expired';
/** Migration 015 adds `cashback` (money the bank pays back to a merchant), 020 `subscription` (plan charges). */
export type TransferType =
  | 'face_to_face'
  | 'account_to_account'
  | 'incoming_bank_transfer'
  | 'card_transaction'
  | 'bank_transfer'
  | 'cashback'
  | 'subscription'
  /** Migration 021: an advertising campaign bought (server/advertising/). */
  | 'advertising';
export type TransferStatus =
  'completed' | 'declined' | 'pending' | 'failed' | 'cancelled' | 'refunded' | 'expired' | 'paid';

/** Migration 008: the bank's own accounts per currency (server/ledger.ts); 018 adds the cashback payer. */
export type SystemRole = 'external' | 'clearing' | 'fees' | 'fx' | 'cashback';
export type EntryPhase = 'post' | 'settle' | 'reverse';

export type MerchantsTable = {
  id: Generated<string>;
  name: string;
  status: ColumnType<MerchantStatus, MerchantStatus | undefined, MerchantStatus>;
  /** Migration 008: "@demo-coffee", given on approval (server/accounts.ts). */
  wallet_tag: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  /** Migration 017: the merchant's plan (docs/plans.md), 'free' until issue 7's checkout changes it. */
  plan_id: ColumnType<string, string | undefined, string>;
};

export type UsersTable = {
  id: Generated<string>;
  merchant_id: string;
  email: string;
  phone: string | null;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  is_owner: ColumnType<boolean, boolean | undefined, boolean>;
  employee_type: EmployeeType | null;
  locale: ColumnType<string, string | undefined, string>;
  created_at: DefaultTimestamp;
  /** Migration 019: enabled or disabled (SPEC §4). */
  status: ColumnType<UserStatus, UserStatus | undefined, UserStatus>;
  /** Migration 019: null exactly for the owner (a CHECK): every insert of an employee must name one. */
  access_level: ColumnType<
    AccessLevelColumn | null,
    AccessLevelColumn | null | undefined,
    AccessLevelColumn | null
  >;
  invited_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 023: second-factor methods the user signs in with, and the one offered first. */
  mfa_email_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  mfa_sms_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  mfa_default: ColumnType<MfaMethodColumn | null, MfaMethodColumn | null | undefined, MfaMethodColumn | null>;
};

export type SessionsTable = {
  id: Generated<string>;
  user_id: string;
  created_at: DefaultTimestamp;
  absolute_expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_reason: RevokedReason | null;
  /** Migration 023: where the session was started. */
  user_agent: ColumnType<string | null, string | null | undefined, string | null>;
  ip: ColumnType<string | null, string | null | undefined, string | null>;
};

export type RefreshTokensTable = {
  id: Generated<string>;
  session_id: string;
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

export type LoginTicketsTable = {
  ticket_hash: string;
  user_id: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  /** Migration 023: wrong authenticator-app codes on this ticket. */
  totp_attempts: Generated<number>;
};

/** Migration 023: a user's authenticator app (RFC 6238); the secret is sealed, pending until confirmed. */
export type TotpCredentialsTable = {
  user_id: string;
  secret_sealed: string;
  confirmed_at: Timestamp | null;
  attempts: Generated<number>;
  last_time_step: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  created_at: DefaultTimestamp;
};

export type OtpCodesTable = {
  id: Generated<string>;
  /** Null for codes that verify an address before any user exists (registration). */
  user_id: string | null;
  purpose: string;
  binding: string;
  /** 'totp': a step-up confirmed by the user's authenticator app (migration 028); nothing is sent. */
  channel: Channel | 'totp';
  destination: string;
  code_hash: string;
  attempts: Generated<number>;
  max_attempts: Generated<number>;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  superseded_at: Timestamp | null;
  created_at: DefaultTimestamp;
};

export type OutboxTable = {
  id: Generated<string>;
  to_address: string;
  channel: Channel;
  subject: string | null;
  body: string;
  created_at: DefaultTimestamp;
  sent_at: Timestamp | null;
  error: string | null;
};

export type SignInAuditTable = {
  id: Generated<string>;
  user_id: string | null;
  email: string;
  ip: string | null;
  user_agent: string | null;
  event: string;
  created_at: DefaultTimestamp;
};

export type AltchaUsedTable = {
  signature: string;
  expires_at: Timestamp;
};

export type LedgerAccountsTable = {
  id: Generated<string>;
  merchant_id: string | null;
  name: string;
  currency: string;
  iban: string | null;
  /** The available balance (migration 008 explains balance vs available). */
  balance_minor: DefaultInt8;
  kind: 'merchant' | 'system';
  /** Migration 008: which of the bank's accounts of its currency this is; null for merchants and ad-hoc ones. */
  system_role: ColumnType<SystemRole | null, SystemRole | null | undefined, SystemRole | null>;
  created_at: DefaultTimestamp;
};

export type TransfersTable = {
  id: Generated<string>;
  type: TransferType;
  status: TransferStatus;
  amount_minor: Int8;
  currency: string;
  fee_minor: DefaultInt8;
  debit_account_id: string;
  credit_account_id: string;
  counterparty_name: string | null;
  reference: string | null;
  idempotency_key: string;
  request_hash: string;
  created_at: DefaultTimestamp;
  // Migration 008: SPEC §3's fields (the credit side, exchange rate, counterparty, note, who initiated it).
  credit_amount_minor: Int8;
  credit_currency: string;
  /** numeric(24,12), credit units per debit unit; read it as text (`exchange_rate::text`). */
  exchange_rate: ColumnType<string | null, string | null | undefined, string | null>;
  counterparty_iban: ColumnType<string | null, string | null | undefined, string | null>;
  counterparty_wallet_tag: ColumnType<string | null, string | null | undefined, string | null>;
  note: ColumnType<string | null, string | null | undefined, string | null>;
  initiated_by: ColumnType<string | null, string | null | undefined, string | null>;
  failure_reason: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  // Migration 011: send money (server/payments/): the payee check of a payment to an IBAN, the GIF, the client's hash.
  payee_check_id: ColumnType<string | null, string | null | undefined, string | null>;
  payee_check_result: ColumnType<
    PayeeCheckOutcome | null,
    PayeeCheckOutcome | null | undefined,
    PayeeCheckOutcome | null
  >;
  payee_proceeded_anyway: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  gif: ColumnType<string | null, string | null | undefined, string | null>;
  client_request_hash: ColumnType<string | null, string | null | undefined, string | null>;
};

/** Migration 011: the result of a Verification of Payee check as a transfer records it. */
export type PayeeCheckOutcome = 'match' | 'close_match' | 'no_match' | 'not_possible';

export type LedgerEntriesTable = {
  id: Generated<string>;
  transfer_id: string;
  account_id: string;
  amount_minor: Int8;
  /** Migration 008: the posting, the settlement of a pending payment, or the reversal of a failed one. */
  phase: ColumnType<EntryPhase, EntryPhase | undefined, EntryPhase>;
  created_at: DefaultTimestamp;
};

export type RegistrationsTable = {
  id: Generated<string>;
  email: string;
  phone: string;
  email_verified_at: Timestamp | null;
  phone_verified_at: Timestamp | null;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  locale: ColumnType<string, string | undefined, string>;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  user_id: string | null;
};

export type LegalAcceptancesTable = {
  id: Generated<string>;
  user_id: string;
  document: 'terms_of_use' | 'privacy_policy';
  version: string;
  accepted_at: DefaultTimestamp;
  ip: string | null;
  user_agent: string | null;
};

export type PasswordTokenPurpose = 'reset' | 'create';

export type PasswordTokensTable = {
  id: Generated<string>;
  user_id: string;
  purpose: PasswordTokenPurpose;
  token_hash: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
};

/** jsonb: written as a JSON string (`JSON.stringify`), read back parsed by both drivers. */
type Json = ColumnType<unknown, string | null, string | null>;

export type MerchantOnboardingTable = {
  merchant_id: string;
  representative: Json;
  company: Json;
  directors: Json;
  shareholders: Json;
  funding: Json;
  rejection_reason: string | null;
  submitted_at: Timestamp | null;
  reviewed_at: Timestamp | null;
  updated_at: DefaultTimestamp;
  /** Migration 026: the company's contact email (null: the owner's sign-in email). */
  contact_email: ColumnType<string | null, string | null | undefined, string | null>;
};

/** Migration 026: a change of the profile's legal data waiting for (or decided by) review. */
export type ProfileChangeRequestsTable = {
  id: Generated<string>;
  merchant_id: string;
  kind: 'company' | 'directors' | 'shareholders' | 'representative';
  data: Json;
  status: ColumnType<
    'pending_review' | 'approved' | 'rejected',
    'pending_review' | 'approved' | 'rejected' | undefined,
    'pending_review' | 'approved' | 'rejected'
  >;
  reason: string | null;
  requested_by: string | null;
  decided_at: Timestamp | null;
  created_at: DefaultTimestamp;
};

export type MerchantDocumentsTable = {
  id: Generated<string>;
  merchant_id: string;
  type: string;
  file_name: string;
  content_type: 'application/pdf' | 'image/jpeg' | 'image/png';
  size_bytes: number;
  storage_key: string;
  uploaded_by: string | null;
  created_at: DefaultTimestamp;
};

export type MerchantAuditTable = {
  id: Generated<string>;
  merchant_id: string;
  user_id: string | null;
  event: string;
  detail: string | null;
  created_at: DefaultTimestamp;
};

export type SchemaMigrationsTable = {
  name: string;
  applied_at: DefaultTimestamp;
};

// Migration 006: identity verification of the representative.
export type KycVerificationsTable = {
  id: Generated<string>;
  merchant_id: string;
  user_id: string;
  document_type: KycDocumentType;
  document_number: string;
  expiry_date: string;
  first_name: string;
  last_name: string;
  status: ColumnType<KycVerificationStatus, KycVerificationStatus | undefined>;
  checks: ColumnType<KycCheck[] | null, string | null | undefined, string | null>;
  evaluated_at: ColumnType<Date | null, Date | string | null | undefined>;
  created_at: ColumnType<Date, Date | string | undefined>;
};
export type KycImagesTable = {
  id: Generated<string>;
  verification_id: string;
  side: KycSide;
  content_type: (typeof kycImageContentTypes)[number];
  width: number;
  height: number;
  size_bytes: number;
  storage_key: string;
  created_at: ColumnType<Date, Date | string | undefined>;
};

// Migration 007: step-up grants (a fresh one-time code before a sensitive action).
export type StepUpGrantsTable = {
  id: Generated<string>;
  user_id: string;
  purpose: string;
  token_hash: string;
  expires_at: Timestamp;
  consumed_at: Timestamp | null;
  created_at: DefaultTimestamp;
};

// Migration 009: Verification of Payee (server/payee/).
export type SandboxExternalAccountsTable = {
  iban: string;
  holder_name: string;
  bank_name: string;
  reachable: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: DefaultTimestamp;
  /** Migration 011: the settlement job fails payments to this account (sandbox). */
  rejects_payments: ColumnType<boolean, boolean | undefined, boolean>;
};
export type PayeeChecksTable = {
  id: Generated<string>;
  merchant_id: string;
  user_id: string;
  iban: string;
  entered_name: string;
  result: 'match' | 'close_match' | 'no_match' | 'not_possible';
  registered_name: string | null;
  created_at: DefaultTimestamp;
};

// Migration 010: beneficiaries (server/beneficiaries.ts).
export type BeneficiariesTable = {
  id: Generated<string>;
  merchant_id: string;
  kind: 'wallet' | 'bank';
  recipient_merchant_id: string | null;
  wallet_tag: string | null;
  first_name: string | null;
  last_name: string | null;
  bank_country: string | null;
  iban: string | null;
  name_check_id: string | null;
  name_check_result: 'match' | 'close_match' | 'no_match' | 'not_possible' | null;
  name_mismatch_accepted: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string;
  updated_by: string;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  deleted_at: Timestamp | null;
};

/** Migration 012: money requests (server/payments/moneyRequests.ts). */
export type MoneyRequestStatus = 'pending' | 'accepted' | 'declined';
export type MoneyRequestsTable = {
  id: Generated<string>;
  requester_merchant_id: string;
  payee_merchant_id: string;
  amount_minor: Int8;
  currency: string;
  note: string | null;
  status: ColumnType<MoneyRequestStatus, MoneyRequestStatus | undefined, MoneyRequestStatus>;
  requested_by: string;
  idempotency_key: string;
  request_hash: string;
  transfer_id: ColumnType<string | null, string | null | undefined, string | null>;
  decided_by: ColumnType<string | null, string | null | undefined, string | null>;
  decided_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: DefaultTimestamp;
};

// Migration 013: scheduled payments (server/payments/scheduledPayments.ts). Date columns are read through to_char
// (YYYY-MM-DD): the drivers would otherwise turn a calendar date into a Date at some time zone's midnight.
type CalendarDateColumn = ColumnType<unknown, string, string>;
export type ScheduledPaymentsTable = {
  id: Generated<string>;
  merchant_id: string;
  created_by: string;
  source_account_id: string;
  currency: string;
  recipient_merchant_id: string;
  recipient_account_id: string;
  recipient_wallet_tag: string;
  amount_minor: Int8;
  note: string | null;
  gif: string | null;
  frequency: 'once' | 'daily' | 'weekly' | 'monthly' | 'yearly';
  start_date: CalendarDateColumn;
  end_date: ColumnType<unknown, string | null | undefined, string | null>;
  next_occurrence: ColumnType<number, number | undefined, number>;
  next_run: ColumnType<unknown, string | null, string | null>;
  status: ColumnType<
    'active' | 'completed' | 'cancelled',
    'active' | undefined,
    'active' | 'completed' | 'cancelled'
  >;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  cancelled_at: Timestamp | null;
};
export type ScheduledPaymentRunsTable = {
  id: Generated<string>;
  scheduled_payment_id: string;
  occurrence_date: CalendarDateColumn;
  outcome: 'paid' | 'failed';
  transfer_id: string | null;
  failure_reason: string | null;
  ran_at: DefaultTimestamp;
};

// Migration 014: QR codes for receiving a payment (server/payments/qrCodes.ts).
export type QrCodesTable = {
  id: Generated<string>;
  merchant_id: string;
  account_id: string;
  currency: string;
  amount_minor: ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
  note: string | null;
  code: string;
  created_by: string;
  created_at: DefaultTimestamp;
  deleted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  deleted_by: ColumnType<string | null, string | null | undefined, string | null>;
};

// Migration 017: plans (docs/plans.md).
export type PlansTable = {
  id: string;
  name: string;
  monthly_price_minor: Int8;
  yearly_price_minor: Int8;
  currency: ColumnType<string, string | undefined, string>;
  cashback_rate_bp: number;
  physical_card_price_minor: Int8;
  virtual_card_price_minor: Int8;
  perks: ColumnType<string[], string[] | undefined, string[]>;
  sort_order: number;
};

// Migration 018: cards (server/cards/).
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type NullableInt8 = ColumnType<bigint | null, bigint | number | null | undefined, bigint | number | null>;
type NullableText = ColumnType<string | null, string | null | undefined, string | null>;
/** jsonb written as a JSON string and read back parsed; null allowed. */
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;

export type AddressKind = 'registered' | 'trading' | 'shipping';
export type MerchantAddressesTable = {
  id: Generated<string>;
  merchant_id: string;
  kind: AddressKind;
  country: string;
  postal_code: string;
  city: string;
  line1: string;
  line2: NullableText;
  created_by: NullableText;
  created_at: DefaultTimestamp;
  deleted_at: NullableTimestamp;
  /** Migration 025: the map pin, both or neither, and the merchant's one default address. */
  latitude: ColumnType<number | null, number | null | undefined, number | null>;
  longitude: ColumnType<number | null, number | null | undefined, number | null>;
  is_default: Generated<boolean>;
  updated_at: NullableTimestamp;
};

export type CardFormColumn = 'physical' | 'virtual';
export type CardStatusColumn = 'active' | 'inactive' | 'frozen' | 'lost' | 'destroyed' | 'restricted';
export type LimitFrequencyColumn = 'daily' | 'weekly' | 'monthly' | 'yearly';
export type CardsTable = {
  id: string;
  merchant_id: string;
  holder_user_id: string;
  created_by: string;
  form: CardFormColumn;
  colour: string;
  name: string;
  alias: NullableText;
  usage: 'single' | 'multiple';
  status: CardStatusColumn;
  last4: string;
  number_hmac: string;
  number_enc: string;
  cvv_enc: string;
  expiry_enc: string;
  pin_enc: NullableText;
  epin_enc: NullableText;
  account_id: string;
  shipping_address: NullableJson;
  limit_frequency: ColumnType<LimitFrequencyColumn, LimitFrequencyColumn | undefined, LimitFrequencyColumn>;
  limit_transaction_minor: NullableInt8;
  limit_purchase_minor: NullableInt8;
  limit_ecommerce_minor: NullableInt8;
  limit_cash_minor: NullableInt8;
  order_transfer_id: NullableText;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  activated_at: NullableTimestamp;
  frozen_at: NullableTimestamp;
  lost_at: NullableTimestamp;
  restricted_at: NullableTimestamp;
  destroyed_at: NullableTimestamp;
};

export type CardCartsTable = {
  id: Generated<string>;
  merchant_id: string;
  created_by: string;
  holder_user_id: string;
  form: CardFormColumn;
  colour: string;
  name: string;
  usage: 'single' | 'multiple';
  account_id: string;
  shipping_address: NullableJson;
  save_address: ColumnType<boolean, boolean | undefined, boolean>;
  plan_id: string;
  price_minor: Int8;
  currency: string;
  created_at: DefaultTimestamp;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  pay_idempotency_key: NullableText;
  card_id: NullableText;
  transfer_id: NullableText;
};

export type DeclineReasonColumn =
  | 'card_frozen'
  | 'card_lost'
  | 'card_destroyed'
  | 'card_inactive'
  | 'card_restricted'
  | 'limit_card_transaction'
  | 'limit_card_purchase'
  | 'limit_card_ecommerce'
  | 'limit_card_cash'
  | 'insufficient_funds'
  | 'currency_mismatch';
export type CardAuthorizationsTable = {
  id: Generated<string>;
  card_id: string;
  merchant_id: string;
  account_id: string;
  approved: boolean;
  decline_reason: ColumnType<DeclineReasonColumn | null, DeclineReasonColumn | null | undefined, never>;
  amount_minor: Int8;
  currency: string;
  category: 'pos' | 'online' | 'atm';
  merchant_name: string;
  at: Timestamp;
  transfer_id: string;
  idempotency_key: string;
  request_hash: string;
  created_at: DefaultTimestamp;
};

export type CashbackAccrualsTable = {
  id: Generated<string>;
  merchant_id: string;
  account_id: string;
  card_id: string;
  authorization_id: string;
  purchase_transfer_id: string;
  currency: string;
  purchase_minor: Int8;
  rate_bp: number;
  amount_minor: Int8;
  accrued_at: Timestamp;
  payout_transfer_id: NullableText;
  paid_at: NullableTimestamp;
};

export type InvitationsTable = {
  id: Generated<string>;
  merchant_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: EmployeeType;
  access_level: AccessLevelColumn;
  locale: ColumnType<string, string | undefined, string>;
  key_hash: string;
  state: ColumnType<InvitationStateColumn, InvitationStateColumn | undefined, InvitationStateColumn>;
  expires_at: Timestamp;
  created_by: string;
  accepted_user_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
  accepted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  cancelled_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
};

// Migration 020: plans and billing (server/billing/).
export type PlanPeriodColumn = 'monthly' | 'yearly';
/** jsonb that is never null: written as a JSON string, read back parsed. */
type JsonValue = ColumnType<unknown, string, string>;

export type PlanAddonsTable = {
  id: string;
  price_minor: Int8;
  currency: ColumnType<string, string | undefined, string>;
  available_with: string[];
};

export type SubscriptionsTable = {
  merchant_id: string;
  period: ColumnType<PlanPeriodColumn | null, PlanPeriodColumn | null | undefined, PlanPeriodColumn | null>;
  status: ColumnType<'active' | 'past_due', 'active' | 'past_due' | undefined, 'active' | 'past_due'>;
  current_period_start: NullableTimestamp;
  current_period_end: NullableTimestamp;
  period_price_minor: DefaultInt8;
  cancel_at_period_end: ColumnType<boolean, boolean | undefined, boolean>;
  cancelled_at: NullableTimestamp;
  scheduled_plan_id: NullableText;
  scheduled_period: ColumnType<
    PlanPeriodColumn | null,
    PlanPeriodColumn | null | undefined,
    PlanPeriodColumn | null
  >;
  retry_attempts: ColumnType<number, number | undefined, number>;
  next_retry_at: NullableTimestamp;
  downgrade_at: NullableTimestamp;
  has_pos_terminal: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};

export type InvoiceCountersTable = {
  year: number;
  last_number: number;
};

export type InvoicesTable = {
  id: Generated<string>;
  merchant_id: string;
  number: string;
  year: number;
  sequence: number;
  kind: 'purchase' | 'renewal';
  status: 'paid' | 'failed';
  issued_at: Timestamp;
  paid_at: NullableTimestamp;
  description: string;
  lines: JsonValue;
  net_minor: Int8;
  vat_minor: Int8;
  total_minor: Int8;
  vat_rate_bp: number;
  currency: string;
  plan_id: string;
  period: ColumnType<PlanPeriodColumn | null, PlanPeriodColumn | null | undefined, PlanPeriodColumn | null>;
  period_start: NullableTimestamp;
  period_end: NullableTimestamp;
  transfer_id: NullableText;
  renewal_key: NullableText;
  merchant_details: JsonValue;
  created_at: DefaultTimestamp;
};

export type PlanCartsTable = {
  id: Generated<string>;
  merchant_id: string;
  created_by: string;
  plan_id: string;
  period: PlanPeriodColumn;
  pos_terminal: boolean;
  shipping_address: NullableJson;
  save_address: ColumnType<boolean, boolean | undefined, boolean>;
  lines: JsonValue;
  total_minor: Int8;
  vat_minor: Int8;
  currency: string;
  effective: 'now' | 'period_end';
  effective_at: Timestamp;
  next_billing_at: NullableTimestamp;
  quoted_at: Timestamp;
  expires_at: Timestamp;
  paid_at: NullableTimestamp;
  pay_idempotency_key: NullableText;
  invoice_id: NullableText;
  transfer_id: NullableText;
  created_at: DefaultTimestamp;
};

export type CancellationAnswersTable = {
  id: Generated<string>;
  merchant_id: string;
  user_id: string;
  plan_id: string;
  answers: JsonValue;
  effective_at: Timestamp;
  created_at: DefaultTimestamp;
};

export type AccountDeletionStatus = 'scheduled' | 'completed' | 'withdrawn';
export type AccountDeletionsTable = {
  id: Generated<string>;
  merchant_id: string;
  requested_by: string;
  status: ColumnType<AccountDeletionStatus, AccountDeletionStatus | undefined, AccountDeletionStatus>;
  payout_iban: string;
  reason: NullableText;
  requested_at: Timestamp;
  effective_at: Timestamp;
  blockers: ColumnType<string[], string[] | undefined, string[]>;
  checked_at: NullableTimestamp;
  completed_at: NullableTimestamp;
  withdrawn_at: NullableTimestamp;
};

export type RepresentativeTasksTable = {
  id: Generated<string>;
  kind: 'account_deletion';
  merchant_id: string;
  subject_id: string;
  status: ColumnType<'open' | 'done', 'open' | 'done' | undefined, 'open' | 'done'>;
  payload: JsonValue;
  created_at: DefaultTimestamp;
  updated_at: DefaultTimestamp;
};

// Migration 021: advertising (server/advertising/).
export type AdvertisingPlansTable = {
  id: string;
  name: string;
  reach: number;
  duration_days: number;
  price_minor: Int8;
  currency: ColumnType<string, string | undefined, string>;
  placements: ColumnType<string[], string[] | undefined, string[]>;
  on_sale: ColumnType<boolean, boolean | undefined, boolean>;
  sort_order: number;
};

export type AdvertisingCampaignsTable = {
  id: Generated<string>;
  merchant_id: string;
  plan_id: string;
  headline: string;
  link: string;
  /** `date` columns, written as YYYY-MM-DD; select them as `::text` (the drivers would make a local-time Date). */
  start_date: ColumnType<string, string, string>;
  end_date: ColumnType<string, string, string>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  price_minor: Int8;
  currency: string;
  account_id: string;
  transfer_id: string;
  purchased_by: string;
  idempotency_key: string;
  request_hash: string;
  created_at: DefaultTimestamp;
};

/** Migration 022 (notifications): one row per event and recipient; the app writes the text from kind and params. */
export type NotificationsTable = {
  id: Generated<string>;
  merchant_id: string;
  user_id: string;
  kind: NotificationKind;
  /** jsonb: written as JSON text, read back parsed. */
  params: ColumnType<NotificationParams, string, string>;
  event_key: string;
  read_at: Timestamp | null;
  created_at: DefaultTimestamp;
};

/** Migration 022: single-use tickets that open the notification stream (stored as SHA-256). */
export type NotificationStreamTicketsTable = {
  id: Generated<string>;
  ticket_hash: string;
  user_id: string;
  session_id: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: DefaultTimestamp;
};

export type DB = {
  merchants: MerchantsTable;
  users: UsersTable;
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  login_tickets: LoginTicketsTable;
  otp_codes: OtpCodesTable;
  outbox: OutboxTable;
  sign_in_audit: SignInAuditTable;
  altcha_used: AltchaUsedTable;
  ledger_accounts: LedgerAccountsTable;
  transfers: TransfersTable;
  ledger_entries: LedgerEntriesTable;
  registrations: RegistrationsTable;
  legal_acceptances: LegalAcceptancesTable;
  password_tokens: PasswordTokensTable;
  merchant_onboarding: MerchantOnboardingTable;
  merchant_documents: MerchantDocumentsTable;
  profile_change_requests: ProfileChangeRequestsTable;
  merchant_audit: MerchantAuditTable;
  kyc_verifications: KycVerificationsTable;
  kyc_images: KycImagesTable;
  step_up_grants: StepUpGrantsTable;
  totp_credentials: TotpCredentialsTable;
  sandbox_external_accounts: SandboxExternalAccountsTable;
  payee_checks: PayeeChecksTable;
  beneficiaries: BeneficiariesTable;
  money_requests: MoneyRequestsTable;
  scheduled_payments: ScheduledPaymentsTable;
  scheduled_payment_runs: ScheduledPaymentRunsTable;
  qr_codes: QrCodesTable;
  plans: PlansTable;
  merchant_addresses: MerchantAddressesTable;
  cards: CardsTable;
  card_carts: CardCartsTable;
  card_authorizations: CardAuthorizationsTable;
  cashback_accruals: CashbackAccrualsTable;
  invitations: InvitationsTable;
  plan_addons: PlanAddonsTable;
  subscriptions: SubscriptionsTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  plan_carts: PlanCartsTable;
  cancellation_answers: CancellationAnswersTable;
  account_deletions: AccountDeletionsTable;
  representative_tasks: RepresentativeTasksTable;
  advertising_plans: AdvertisingPlansTable;
  advertising_campaigns: AdvertisingCampaignsTable;
  notifications: NotificationsTable;
  notification_stream_tickets: NotificationStreamTicketsTable;
  schema_migrations: SchemaMigrationsTable;
};

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Transfer = Selectable<TransfersTable>;
export type LedgerAccount = Selectable<LedgerAccountsTable>;

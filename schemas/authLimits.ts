/**
 * How sign-in is slowed and limited, in one place: the server enforces these numbers, the app shows the waits they
 * cause, and docs/decisions/020-sign-in-limits.md explains each one against NIST SP 800-63B and OWASP ASVS 5.0 V6.
 * A limit never locks the right password out for a source that signed in before: strangers are slowed per source,
 * and only sources the account has never signed in from meet the per-account ceiling.
 */
export const signInLimits = {
  /** Wrong passwords one source (account and client address) may send before every further try has to wait. */
  passwordFreeFailures: 5,
  /** The first wait after those free tries; it doubles with every further failure from the same source. */
  passwordDelayBaseSeconds: 30,
  /** The longest wait between two tries from one source. */
  passwordDelayMaxSeconds: 15 * 60,
  /** Failures older than this are forgotten, for a source and for the account. */
  passwordFailureWindowSeconds: 24 * 60 * 60,
  /**
   * Consecutive wrong passwords on one account, from all sources, within the window, after which only known sources
   * may try (NIST SP 800-63B: no more than 100 consecutive failed attempts on one account).
   */
  accountFailureCeiling: 100,
  /** A client address from which the account completed a sign-in (both factors) this recently is a known source. */
  knownSourceSeconds: 90 * 24 * 60 * 60,
  /** Wrong sign-in codes (email, SMS or authenticator app) one account may receive in the window, over all tickets. */
  codeFailuresPerAccount: 10,
  /** The rolling window of the code limit; when it is reached no code is sent or checked until it has passed. */
  codeFailureWindowSeconds: 60 * 60,
} as const;

export type SignInLimits = { readonly [Name in keyof typeof signInLimits]: number };

/**
 * The defaults of the sign-in, code and session timings (SPEC §9, docs/product.md "Identity and sessions"). The server
 * reads each from the setting named beside it (server/config.ts) and falls back to these; the app gets the idle ones
 * from GET /api/config; the machines' descriptions print them, so a changed default changes the diagrams.
 */
export const authDefaults = {
  /** ACCESS_TOKEN_TTL_SECONDS: how long an access token lives; the app refreshes it shortly before. */
  accessTokenTtlSeconds: 10 * 60,
  /** REFRESH_TTL_SECONDS: the absolute session limit, counted from sign-in (SPEC §9: auth cookies last 0.5 day). */
  refreshTtlSeconds: 12 * 60 * 60,
  /** IDLE_TIMEOUT_SECONDS: signed out after this long without activity. */
  idleTimeoutSeconds: 15 * 60,
  /** IDLE_WARNING_SECONDS: the warning comes this long before the idle sign-out (SPEC §9: 30 seconds). */
  idleWarningSeconds: 30,
  /** OTP_TTL_SECONDS: how long a one-time code works. */
  otpTtlSeconds: 5 * 60,
  /** OTP_RESEND_COOLDOWN_SECONDS: the wait before another code may be sent for the same action. */
  otpResendCooldownSeconds: 30,
  /** Wrong tries one code takes; the try that reaches it kills the code, even for the right code after it. */
  otpMaxAttempts: 5,
  /** LOGIN_TICKET_TTL_SECONDS: how long the second factor may take after the right password. */
  loginTicketTtlSeconds: 10 * 60,
  /** STEP_UP_GRANT_TTL_SECONDS: how long the grant of a right code stays good for its one action. */
  stepUpGrantTtlSeconds: 5 * 60,
  /** PASSWORD_TOKEN_TTL_SECONDS: how long an emailed reset or create-password link works. */
  passwordTokenTtlSeconds: 60 * 60,
  /** LOGIN_RATE_LIMIT_PER_MINUTE: requests per minute one client may make to the sign-in, code and password routes. */
  loginRateLimitPerMinute: 20,
} as const;

/** A new authenticator app must be confirmed with its first code within this time, or its set-up starts again. */
export const totpEnrolmentTtlSeconds = 15 * 60;
